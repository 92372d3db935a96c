import { openLicensesMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { licenceCells } from './licence-cells.tsx';
import { ExpiryPicker, IsvAppPicker, TenantPicker } from './pickers.tsx';

const fields = {
  appId: { input: IsvAppPicker },
  expiresAt: { input: ExpiryPicker },
  tenantId: { input: TenantPicker },
};

/**
 * 企业授权 (/openPlatformManager/enterpriseLicense, platform only): every company's licences of ISV apps; an
 * operator may authorise for a company (naming it), revoke and restore.
 */
export default function EnterpriseLicensePage() {
  return (
    <ResourcePage
      meta={openLicensesMeta}
      hiddenFilters={['appId']}
      fields={fields}
      cells={licenceCells('openLicenses')}
    />
  );
}
