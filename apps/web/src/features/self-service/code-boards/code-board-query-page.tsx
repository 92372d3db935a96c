import { codeBoardQueryMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** Spec §2.12 /systemSetupManager/codeBoardQuery: the boards with their requests and amounts. */
export default function CodeBoardQueryPage() {
  return <ResourcePage meta={codeBoardQueryMeta} />;
}
