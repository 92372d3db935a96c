import { softwareLicensesMeta } from '@fpy/resources';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { licenceCells } from './licence-cells.tsx';
import { ExpiryPicker, IsvAppPicker } from './pickers.tsx';

const fields = { appId: { input: IsvAppPicker }, expiresAt: { input: ExpiryPicker } };

/**
 * 软件接口授权 (/systemAuthorizeManager/softwareInterface, company accounts): the software that acts for this
 * company — authorise an ISV app with scopes and an expiry, revoke, restore. Its own licences only.
 */
export default function SoftwareInterfacePage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon message={t('openConsole.softwareIntro')} style={{ marginBottom: 12 }} />
      <ResourcePage
        meta={softwareLicensesMeta}
        hiddenFilters={['appId']}
        fields={fields}
        cells={licenceCells('softwareLicenses')}
      />
    </>
  );
}
