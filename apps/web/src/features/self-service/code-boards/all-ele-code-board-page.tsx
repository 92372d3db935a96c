import { allEleCodeBoardsMeta } from '@fpy/resources';
import { BoardsPage } from './board-fields.tsx';

/** Spec §2.12 /outputInvoiceManager/allEleInvoiceCodeBoard: the boards issuing 全电 invoices. */
const FIXED = { invoiceKind: 'allEle' };

export default function AllEleCodeBoardPage() {
  return <BoardsPage fixed={FIXED} meta={allEleCodeBoardsMeta} />;
}
