import { PREOPEN_APP_PARAM, PREOPEN_BIND_PARAM, PREOPEN_ID_PARAM } from '@fpy/contracts/preopen-pages';
import { usePhoneLocation } from '../kit/nav.ts';
import { BindingPage } from './pages/binding.tsx';
import { OverPage } from './pages/over.tsx';
import { ProcessingPage } from './pages/processing.tsx';
import { ScanPage } from './pages/scan.tsx';
import { StatusPage } from './pages/status.tsx';

/** Which page each §2.9 path shows (the list is PREOPEN_PAGE_PATHS in @fpy/contracts/preopen-pages). */
export function PreopenPages() {
  const { path, query } = usePhoneLocation();
  const id = Number(query.get(PREOPEN_ID_PARAM)) || null;
  switch (path) {
    case '/invoicerBinding':
      return <BindingPage code={query.get(PREOPEN_BIND_PARAM) ?? ''} />;
    case '/invoicingProcessing':
      return <ProcessingPage id={id} />;
    case '/invoicingStatus':
      return <StatusPage id={id} />;
    case '/preopeningOver':
      return <OverPage id={id} />;
    default:
      // /codeScanningInvoicing: an application's QR (?a=), one opened from the list (?id=), else the list.
      return <ScanPage code={query.get(PREOPEN_APP_PARAM)} id={id} />;
  }
}
