import { openInterfaceGroupsMeta } from '@fpy/resources';
import { resourceKeys } from '../../../crud/query-keys.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** 接口分组 (/openPlatformManager/interfaceGroup, platform only): names, order and state of the groups. */
export default function InterfaceGroupPage() {
  return <ResourcePage meta={openInterfaceGroupsMeta} invalidates={[resourceKeys('openInterfaces').all]} />;
}
