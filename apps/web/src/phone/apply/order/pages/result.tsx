import { BUYER_CODE_PARAM } from '@fpy/contracts/buyer-pages';
import { useEffect, useState } from 'react';
import { fetchLink, fileHref, type LinkReply } from '../../../delivery/api.ts';
import { InvoiceFace } from '../../../delivery/face.tsx';
import { PageLink, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import type { OrderView } from '../api.ts';
import { OrderFrame } from '../frame.tsx';
import { useOrderTexts } from '../i18n.ts';
import { OrderBody } from './scan.tsx';

/**
 * /invoiceResult, /invoiceResultBlank and /allEleScanSuccess: where the buyer waits for the invoice (the page
 * follows the request by itself) and then sees it — delivery's invoice face and its PDF, through the buyer link
 * the issued request carries. A rejected request says why and leads back to the title.
 */
export default function ResultPage(props: ApplyPageProps) {
  return (
    <OrderFrame props={props}>
      {(order) =>
        order.request?.state === 'issued' && order.request.resultCode ? (
          <Issued code={order.request.resultCode} />
        ) : order.state === 'open' && order.lastRejection ? (
          <Rejected props={props} order={order} />
        ) : (
          <OrderBody props={props} order={order} />
        )
      }
    </OrderFrame>
  );
}

function Rejected({ props, order }: { props: ApplyPageProps; order: OrderView }) {
  const { t } = useOrderTexts();
  return (
    <StatusPanel
      tone="error"
      title={t('order.rejected', { reason: order.lastRejection ?? '' })}
      actions={
        <PageLink
          className="b-btn b-primary"
          href={applyHref('/applicationInvoice', props.variant, props.code)}
          onGo={() => goApply('/applicationInvoice', props.variant, props.code)}
        >
          {t('result.again')}
        </PageLink>
      }
    />
  );
}

/** The issued invoice: its face and PDF from delivery's buyer link; its full page is delivery's /smsDetail. */
function Issued({ code }: { code: string }) {
  const { t, lang } = useOrderTexts();
  const [link, setLink] = useState<LinkReply | null>(null);
  useEffect(() => {
    let live = true;
    fetchLink(code, lang, false).then(
      (l) => live && setLink(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, lang]);
  const inv = link?.invoices[0];
  return (
    <>
      <StatusPanel tone="ok" title={t('state.issued.title')} />
      {inv && <InvoiceFace inv={inv} />}
      <nav className="b-card b-actions-grid" aria-label={t('result.title')}>
        <a className="b-btn b-primary" href={fileHref(code, 'pdf', 0)} download data-testid="result-pdf">
          {t('result.pdf')}
        </a>
        <a className="b-btn" href={`/smsDetail?${BUYER_CODE_PARAM}=${encodeURIComponent(code)}`}>
          {t('result.view')}
        </a>
      </nav>
    </>
  );
}
