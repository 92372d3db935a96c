import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasToken } from '../lib/session.ts';

export function StatusPage({ status, ns }: { status: '404' | '403'; ns: 'notFound' | 'unauthorized' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={t(`public.${ns}.title`)}
        subTitle={t(`public.${ns}.message`)}
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            {t('common.back')}
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate(hasToken() ? '/dashboard' : '/login')}>
            {t('public.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
