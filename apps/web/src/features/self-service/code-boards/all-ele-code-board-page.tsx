import { allEleCodeBoardsMeta } from '@fpy/resources';
import { BoardsPage } from './board-fields.tsx';

/** Spec §2.12 /outputInvoiceManager/allEleInvoiceCodeBoard: the boards issuing 全电 invoices. */
export default function AllEleCodeBoardPage() {
  return <BoardsPage meta={allEleCodeBoardsMeta} />;
}
