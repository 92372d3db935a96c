import {
  confirmRedForm,
  issueRedInvoice,
  RED_FORM_PENDING_STATES,
  RED_FORM_USABLE_STATES,
  type RedFormRow,
  refuseRedForm,
  revokeRedForm,
} from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';

const OPS = {
  confirm: confirmRedForm,
  refuse: refuseRedForm,
  revoke: revokeRedForm,
  issueRed: issueRedInvoice,
};
type Op = keyof typeof OPS;

/**
 * What the seller may do with a form (§6.1): confirm or refuse one the buyer opened, revoke its own while no
 * red invoice used it, issue the red invoice once the form is usable. The bureau has the last word; its refusal
 * shows as the usual error message.
 */
export function FormActions({ form }: { form: RedFormRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<Op | null>(null);
  const run = (op: Op) => {
    setBusy(op);
    call(OPS[op], { params: { id: form.id } })
      .then(
        async () => {
          toast.success(t(op === 'issueRed' ? 'redLetter.issueAccepted' : 'redLetter.done'));
          await qc.invalidateQueries({ queryKey: ['red-letter'] });
        },
        () => undefined,
      )
      .finally(() => setBusy(null));
  };
  const pending = RED_FORM_PENDING_STATES.includes(form.state);
  const awaitingUs = form.state === 'pending_seller';
  const open = pending || RED_FORM_USABLE_STATES.includes(form.state);
  const canRevoke = open && form.initiator === 'seller' && !form.redInvoice;
  const canIssue = RED_FORM_USABLE_STATES.includes(form.state) && !form.redInvoice;
  const button = (op: Op, code: string, danger = false) => (
    <Can code={code}>
      <Popconfirm title={t(`redLetter.confirmOp.${op}`)} onConfirm={() => run(op)}>
        <Button
          size="small"
          type="link"
          danger={danger}
          loading={busy === op}
          data-testid={`red-${op}-${form.id}`}
        >
          {t(`redLetter.action.${op}`)}
        </Button>
      </Popconfirm>
    </Can>
  );
  return (
    <Space size={0}>
      {awaitingUs ? button('confirm', 'invoiceDetails:btn_confirm') : null}
      {awaitingUs ? button('refuse', 'invoiceDetails:btn_refuse', true) : null}
      {canRevoke ? button('revoke', 'invoiceDetails:btn_revoke', true) : null}
      {canIssue ? button('issueRed', 'invoiceDetails:btn_issueRed') : null}
    </Space>
  );
}
