import { openRateLimitsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { AnyAppPicker, OperationPicker, TenantPicker } from './pickers.tsx';

const fields = {
  appId: { input: AnyAppPicker },
  tenantId: { input: TenantPicker },
  operation: { input: OperationPicker },
};

/**
 * 企业限流 (/openPlatformManager/enterpriseRateLimit, platform only): limits per app, enterprise or API; a save
 * reaches every server instance at once (the server publishes the change on the bus).
 */
export default function RateLimitPage() {
  return <ResourcePage meta={openRateLimitsMeta} hiddenFilters={['appId', 'tenantId']} fields={fields} />;
}
