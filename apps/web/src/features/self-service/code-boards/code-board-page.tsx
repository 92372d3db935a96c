import { codeBoardsMeta } from '@fpy/resources';
import { BoardsPage } from './board-fields.tsx';

/** Spec §2.12 /outputInvoiceManager/codeBoard: every board of the company. */
export default function CodeBoardPage() {
  return <BoardsPage meta={codeBoardsMeta} />;
}
