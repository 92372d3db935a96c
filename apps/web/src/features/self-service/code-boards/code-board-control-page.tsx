import { codeBoardControlsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** Spec §2.12 /systemSetupManager/codeBoardControl: the company's switch and caps over its boards. */
export default function CodeBoardControlPage() {
  return <ResourcePage meta={codeBoardControlsMeta} />;
}
