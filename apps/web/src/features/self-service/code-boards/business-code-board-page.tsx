import { businessCodeBoardsMeta } from '@fpy/resources';
import { BoardsPage } from './board-fields.tsx';

/** Spec §2.12 /systemSetupManager/businessCodeBoard: the boards of business lines. */
const FIXED = { kind: 'business' };

export default function BusinessCodeBoardPage() {
  return <BoardsPage fixed={FIXED} meta={businessCodeBoardsMeta} />;
}
