import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoading } from '../shell/full-page-loading.tsx';

/**
 * Landing page of a third-party sign-in popup: hand the provider's reply (query and hash) to the login page
 * of the window that opened the popup, then close; opened directly, continue to login in this window.
 */
export default function AuthRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const { search, hash } = window.location;
    const opener = window.opener as Window | null;
    if (opener && opener.location.origin === window.location.origin) {
      opener.location.href = `${window.location.origin}/login${search}${hash}`;
      window.close();
      return;
    }
    navigate(`/login${search}${hash}`, { replace: true });
  }, [navigate]);
  return <FullPageLoading />;
}
