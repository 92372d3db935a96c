import { StatusPage } from './status-page.tsx';

export default function NotFoundPage() {
  return <StatusPage status="404" ns="notFound" />;
}
