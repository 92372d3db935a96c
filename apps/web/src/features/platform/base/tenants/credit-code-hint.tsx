import { checkCreditCode } from '@fpy/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Live feedback under the credit-code field. A checksum failure is only a warning: some real pilot-region
 * codes fail it (domain notes §5.1), so the form still saves and the server answers with the same warning.
 */
export function CreditCodeHint({ value }: { value?: string }) {
  const { t } = useTranslation();
  const code = (value ?? '').trim().toUpperCase();
  if (code.length < 15) return null;
  const check = checkCreditCode(code);
  if (check.status === 'checksum_failed') {
    return (
      <Typography.Text type="warning">
        {t('base.tenant.checksumWarning', { expected: check.expectedCheck })}
      </Typography.Text>
    );
  }
  if (check.status === 'malformed')
    return <Typography.Text type="danger">{t('base.tenant.malformed')}</Typography.Text>;
  if (check.status === 'legacy')
    return <Typography.Text type="secondary">{t('base.tenant.legacy')}</Typography.Text>;
  return null;
}
