import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last-resort screen; the error itself was already recorded by the root's onCaughtError hook. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('app.crashed')}
      subTitle={error?.message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      }
    />
  );
}
