import { smsWhiteMeta } from '@fpy/resources';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** 短信白名单 (/invoicePlat/smsWhite): the company's numbers that skip the frequency limits. */
export default function WhitePage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('smsAdmin.white.hint')} />
      <ResourcePage meta={smsWhiteMeta} />
    </>
  );
}
