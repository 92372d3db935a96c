import { StatusPage } from './status-page.tsx';

/** Reached when a page exists but the account may not open it (e.g. personalisation for ordinary tenants). */
export default function UnauthorizedPage() {
  return <StatusPage status="403" ns="unauthorized" />;
}
