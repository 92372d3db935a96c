import { positionsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';

export default function PositionsPage() {
  return <ResourcePage meta={positionsMeta} />;
}
