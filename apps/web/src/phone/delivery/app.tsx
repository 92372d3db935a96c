import { useLocation } from './nav.ts';
import { CopyPage } from './pages/copy.tsx';
import { DetailPage } from './pages/detail.tsx';
import { OutcomePage } from './pages/outcome.tsx';
import { ProgressPage } from './pages/progress.tsx';
import { ExtendPage, RenewalResultPage } from './pages/renew.tsx';
import { SendPage } from './pages/send.tsx';

/**
 * Which page each buyer path shows (the list itself is BUYER_PAGE_PATHS in @fpy/contracts, the routes
 * of the phone entry `delivery`); the kit's mount gives them the language.
 */
export function DeliveryPages() {
  const { path, code, n } = useLocation();
  const at = n ?? 0;
  switch (path) {
    case '/allEleBatchSmsLink':
      return <DetailPage code={code} n={n} batchView />;
    case '/allElePreDelivery':
      return <SendPage code={code} n={at} mode="deliver" />;
    case '/allEleInvoiceEmailInvoice':
      return <SendPage code={code} n={at} mode="email" />;
    case '/allEleInvoiceSmsLink':
      return <SendPage code={code} n={at} mode="sms" />;
    case '/allEleDeliveryLoad':
      return <ProgressPage code={code} n={at} inPlace={false} />;
    case '/allEleInvoiceSmsResult':
      return <ProgressPage code={code} n={at} inPlace />;
    case '/allEleDeliverySuccess':
    case '/allEleDeliveryError':
    case '/allEleDeliveryResult':
    case '/deliverResult':
      return <OutcomePage code={code} n={at} />;
    case '/allEleCopyDownload':
      return <CopyPage code={code} n={at} />;
    case '/smsExtend':
      return <ExtendPage code={code} />;
    case '/renewalSMS':
      return <RenewalResultPage code={code} />;
    default:
      // /smsDetail, /allElesmsDetail, /invoiceDetail, /emailViewInvoice
      return <DetailPage code={code} n={n} batchView={false} />;
  }
}
