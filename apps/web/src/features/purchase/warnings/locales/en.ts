import type zh from './zh.ts';

export default {
  purchaseWarnings: {
    kind: {
      abnormal: 'Abnormal invoice',
      voided: 'Voided',
      red_after_receipt: 'Red-lettered after receipt',
      supplier_risk: 'Supplier risk',
      duplicate_reimbursement: 'Second reimbursement attempt',
    },
    field: {
      kind: 'Kind',
      invoice: 'Invoice',
      seller: 'Seller',
      total: 'Total (yuan)',
      seen: 'Seen by / at',
      detail: 'Detail',
      advice: 'What to do',
    },
    bureau: 'Tax bureau',
    source: {
      sync: 'Seen by the bureau collection',
      file: 'Seen on a file upload',
      manual: 'Seen on manual entry',
      check: 'Seen by a check',
    },
    heldBy: 'Already reimbursed on claim {{claimNo}} ({{detail}})',
    flaggedNumbers: 'Flagged invoices: {{numbers}}',
    advice: {
      abnormal:
        'Hold deduction and reimbursement and ask the seller; input VAT already deducted must be reversed',
      voided: 'The invoice is void: do not book, deduct or reimburse it; ask the seller for a valid one',
      red_after_receipt:
        'The seller reversed it: check whether it was deducted or reimbursed and reverse the booking and input VAT if so',
      supplier_risk: 'This supplier has several flagged invoices: hold payment and deduction and check on it',
      duplicate_reimbursement:
        'The same invoice was submitted again: talk to the claimant; an invoice is reimbursed once',
    },
  },
} satisfies typeof zh;
