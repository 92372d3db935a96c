import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last-resort screen; the error itself was already recorded by the root's onCaughtError hook. Kept free of
 * antd (its Result's illustrations, its Button's wave and motion code), which would otherwise ride along in the
 * entry chunk of every page, the login page's included; the button is drawn as antd's primary one.
 */
const reloadButton = {
  height: 32,
  padding: '0 15px',
  fontSize: 14,
  color: '#fff',
  background: '#1677ff',
  border: '1px solid transparent',
  borderRadius: 6,
  boxShadow: '0 2px 0 rgba(5, 145, 255, 0.1)',
  cursor: 'pointer',
} as const;

export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <h2 style={{ fontWeight: 500 }}>{t('app.crashed')}</h2>
      {error?.message && <p style={{ color: 'rgba(0,0,0,0.45)' }}>{error.message}</p>}
      <button type="button" style={reloadButton} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </div>
  );
}
