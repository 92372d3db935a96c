import { BOARD_REQUEST_PARAM } from '@fpy/contracts/board-api';
import {
  type BuyerFormRules,
  type BuyerTitle,
  type InvoiceType,
  normalizeBuyerTitle,
  parseYuan,
} from '@fpy/domain';
import { type FormEvent, useId, useState } from 'react';
import { yuan } from '../../../kit/format.ts';
import { LightApiError } from '../../../kit/http.ts';
import { Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { rememberTitle, startingTitle } from '../../title/memory.ts';
import { TitlePicker, titleErrors } from '../../title/title-picker.tsx';
import { goApply } from '../../variant.ts';
import { type Board, flowOf, submitRequest } from '../api.ts';
import { BoardRefused, NoCode } from '../board-refused.tsx';
import { useBoardTexts } from '../i18n.ts';
import { useBoard } from '../use-board.ts';

/**
 * /serviceItemPrice, /allEleBusinessBind, /applicationInvoiceSpj: the buyer's request — amount (under the cap),
 * one of the board's categories, the title (lane TITLES' picker: search, remembered titles, the seller's form). The cap and the title's required fields
 * are checked here for a quick answer and again by the server, whose refusal shows under the form.
 */
export default function ApplyPage(props: ApplyPageProps) {
  const { t, lang } = useBoardTexts();
  const state = useBoard(props.code, lang);
  return (
    <Shell title={t('form.title')}>
      {state.kind === 'nocode' && <NoCode />}
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <BoardRefused error={state.error} />}
      {state.kind === 'ok' && <BoardForm {...props} board={state.board} />}
    </Shell>
  );
}

type Field = 'amount' | 'category' | 'form';

function BoardForm({ path, code, variant, board }: ApplyPageProps & { board: Board }) {
  const { t, lang } = useBoardTexts();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(
    board.categories.length === 1 ? board.categories[0].id : null,
  );
  const [title, setTitle] = useState<BuyerTitle>(startingTitle);
  const [showErrors, setShowErrors] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const type = board.invoiceType as InvoiceType;
  const rules = board.rules as BuyerFormRules;
  // The board fixes the invoice type, whatever types the title form offers.
  const blocking = titleErrors(title, type, rules).filter((p) => p.field !== 'type');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const fen = parseYuan(amount.trim());
    if (fen === null || fen <= 0) found.amount = t('form.amountInvalid');
    else if (fen > board.capFen) found.amount = t('form.overCap', { cap: yuan(board.capFen) });
    if (categoryId === null) found.category = t('form.categoryRequired');
    setErrors(found);
    setShowErrors(true);
    if (Object.keys(found).length || blocking.length || fen === null || categoryId === null) return;
    setBusy(true);
    try {
      const r = await submitRequest(
        code,
        { amountFen: fen, categoryId, title: normalizeBuyerTitle(title) },
        lang,
      );
      rememberTitle(title);
      goApply(flowOf(path, board).status, variant, code, { [BOARD_REQUEST_PARAM]: r.token });
    } catch (err) {
      const message = err instanceof LightApiError && err.message ? err.message : t('refused.network.text');
      setErrors({ form: message });
      setBusy(false);
    }
  };

  const fieldError = (f: Field) =>
    errors[f] && (
      <p id={`${id}-${f}-err`} className="b-error" role="alert">
        {errors[f]}
      </p>
    );

  return (
    <form className="b-card b-form" onSubmit={submit} noValidate data-testid="board-form">
      <p className="b-small">
        {board.sellerName} · {board.name} · {t('board.cap', { cap: yuan(board.capFen) })}
      </p>
      <label htmlFor={`${id}-amount`}>{t('form.amount')}</label>
      <input
        id={`${id}-amount`}
        className="b-input"
        inputMode="decimal"
        maxLength={16}
        placeholder={t('form.amountPlaceholder')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={!!errors.amount}
      />
      {fieldError('amount')}
      <fieldset className="b-choice">
        <legend>{t('form.category')}</legend>
        {board.categories.map((c) => (
          <label key={c.id} className={categoryId === c.id ? 'b-chosen' : undefined}>
            <input
              type="radio"
              name={`${id}-category`}
              value={c.id}
              checked={categoryId === c.id}
              onChange={() => setCategoryId(c.id)}
            />
            {c.name}
          </label>
        ))}
      </fieldset>
      {fieldError('category')}
      <TitlePicker
        code={code}
        rules={rules}
        type={type}
        value={title}
        onChange={setTitle}
        showErrors={showErrors}
      />
      {fieldError('form')}
      <button type="submit" className="b-btn b-primary b-wide" disabled={busy}>
        {busy ? t('form.sending') : t('form.submit')}
      </button>
    </form>
  );
}
