import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last-resort screen; the error itself was already recorded by the root's onCaughtError hook. Kept free of
 * antd's Result, whose illustrations would otherwise ride along in the entry chunk of every page.
 */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <h2 style={{ fontWeight: 500 }}>{t('app.crashed')}</h2>
      {error?.message && <p style={{ color: 'rgba(0,0,0,0.45)' }}>{error.message}</p>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
