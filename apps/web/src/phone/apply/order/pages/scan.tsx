import { PageLink, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import type { OrderView } from '../api.ts';
import { OrderFrame, OrderSummary } from '../frame.tsx';
import { useOrderTexts } from '../i18n.ts';

/**
 * /webIndex (+Test, Bwt), /invoiceInfo and the in-app / full-electric scan pages: the page a receipt's QR code
 * opens. An open order shows what is invoiced and leads to the title; any other state says where it stands.
 */
export default function ScanPage(props: ApplyPageProps) {
  return <OrderFrame props={props}>{(order) => <OrderBody props={props} order={order} />}</OrderFrame>;
}

export function OrderBody({ props, order }: { props: ApplyPageProps; order: OrderView }) {
  const { t } = useOrderTexts();
  const { variant, code } = props;
  if (order.state === 'expired' || order.state === 'voided')
    return (
      <>
        <StatusPanel tone="warn" title={t(`state.${order.state}.title`)}>
          <p>{t(`state.${order.state}.text`)}</p>
        </StatusPanel>
        <OrderSummary order={order} />
      </>
    );
  if (order.request) return <RequestState props={props} order={order} />;
  return (
    <>
      {order.lastRejection && (
        <p className="b-banner b-banner-warn" role="alert">
          {t('order.rejected', { reason: order.lastRejection })}
        </p>
      )}
      <OrderSummary order={order} />
      <div className="b-actions">
        <PageLink
          className="b-btn b-primary b-wide"
          href={applyHref('/applicationInvoice', variant, code)}
          onGo={() => goApply('/applicationInvoice', variant, code)}
        >
          {t('order.go')}
        </PageLink>
      </div>
    </>
  );
}

/** An order already asked on: where its request stands (pending / issuing update by themselves). */
function RequestState({ props, order }: { props: ApplyPageProps; order: OrderView }) {
  const { t } = useOrderTexts();
  const req = order.request!;
  if (req.state === 'issued')
    return (
      <>
        <StatusPanel
          tone="ok"
          title={t('state.issued.title')}
          actions={
            <PageLink
              className="b-btn b-primary"
              href={applyHref('/invoiceResult', props.variant, props.code)}
              onGo={() => goApply('/invoiceResult', props.variant, props.code)}
            >
              {t('result.view')}
            </PageLink>
          }
        />
        <OrderSummary order={order} lines={false} />
      </>
    );
  const key = req.state === 'pending' ? 'pending' : req.state === 'failed' ? 'failed' : 'issuing';
  return (
    <>
      <StatusPanel tone={key === 'failed' ? 'warn' : 'busy'} title={t(`state.${key}.title`)}>
        <p>{t(`state.${key}.text`)}</p>
      </StatusPanel>
      <OrderSummary order={order} lines={false} />
    </>
  );
}
