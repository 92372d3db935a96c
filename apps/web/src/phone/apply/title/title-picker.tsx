import { TITLE_SEARCH_MIN } from '@fpy/contracts/title-api';
import { TITLE_FIELD_TEXTS, TITLE_PROBLEM_TEXTS } from '@fpy/contracts/title-texts';
import {
  type BuyerFormRules,
  type BuyerTitle,
  checkBuyerTitle,
  type InvoiceType,
  invoiceTypeRules,
  isInvoiceType,
  normalizeBuyerTitle,
  parseTitleQr,
  type TitleField,
  type TitleProblem,
} from '@fpy/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { type Suggestion, searchTitles } from './api.ts';
import { useTitleTexts } from './i18n.ts';
import { forgetTitle, rememberedTitles } from './memory.ts';
import './title.css';

/** Which helps the picker offers (the tenant's 扫码开票 switches; all on when not given). */
export interface TitleHelps {
  search: boolean;
  upload: boolean;
  remember: boolean;
}

export interface TitlePickerProps {
  /** The buyer's code (an order's or a board's): search is scoped to its seller. */
  code: string;
  /** The seller's buyer form (the `rules` of the title form or of ORDERS' public order reply). */
  rules: BuyerFormRules;
  /** The invoice type asked for: 专票 need the tax number, personal titles only on 普票. */
  type: InvoiceType;
  value: BuyerTitle;
  onChange(value: BuyerTitle): void;
  helps?: TitleHelps;
  /** Show blocking problems (after the buyer first tries to go on); warnings show as soon as a field is filled. */
  showErrors?: boolean;
  /** Problems the server found (e.g. a refused submit), shown beside their fields. */
  problems?: readonly TitleProblem[];
  /** Put the QR reading first (the upload pages). */
  uploadFirst?: boolean;
}

/** Every problem of the title as the picker sees it (normalised); the caller gates its button on the errors. */
export const titleProblems = (value: BuyerTitle, type: InvoiceType, rules: BuyerFormRules) =>
  checkBuyerTitle(normalizeBuyerTitle(value), type, rules);

/** Blocking problems only: `titleErrors(title, type, rules).length === 0` ⇔ the title may be submitted. */
export const titleErrors = (value: BuyerTitle, type: InvoiceType, rules: BuyerFormRules) =>
  titleProblems(value, type, rules).filter((p) => p.severity === 'error');

const DEBOUNCE_MS = 250;

/**
 * What stays when another company's title replaces this one (a suggestion, a QR, a remembered title): the buyer's
 * own contact and remarks, never the previous company's address or bank.
 */
const contactOf = (v: BuyerTitle): Pick<BuyerTitle, 'email' | 'mobile' | 'remarks'> => ({
  ...(v.email ? { email: v.email } : {}),
  ...(v.mobile ? { mobile: v.mobile } : {}),
  ...(v.remarks ? { remarks: v.remarks } : {}),
});

/**
 * The buyer's title (抬头) on a phone, for every apply page that asks for one (issue 30 §3): company or person,
 * the name with suggestions as the buyer types (the seller's customers and known companies: name and tax number),
 * the titles remembered on this phone, reading a title QR from a picture (the decoder loads only then), and each
 * field's problem in the buyer's language. Only the fields the seller's form shows are drawn.
 */
export function TitlePicker({
  code,
  rules,
  type,
  value,
  onChange,
  helps,
  showErrors,
  problems,
  uploadFirst,
}: TitlePickerProps) {
  const { t, lang } = useTitleTexts();
  const id = useId();
  const on = helps ?? { search: true, upload: true, remember: true };
  const typeRules = isInvoiceType(type) ? invoiceTypeRules(type) : null;
  const personAllowed = rules.naturalPersonAllowed && (typeRules?.naturalPersonBuyerAllowed ?? true);
  const person = value.kind === 'person';
  const set = (patch: Partial<BuyerTitle>) => onChange({ ...value, ...patch });

  // --- problems per field
  const local = titleProblems(value, type, rules);
  const shown = [...(problems ?? []), ...local].filter(
    (p) => p.severity === 'warning' || showErrors || (problems ?? []).includes(p),
  );
  const problemOf = (f: TitleField) => shown.find((p) => p.field === f);
  const note = (f: TitleField) => {
    const p = problemOf(f);
    if (!p) return null;
    return (
      <p id={`${id}-${f}-err`} className={p.severity === 'error' ? 'b-error' : 't-warning'} role="alert">
        {TITLE_PROBLEM_TEXTS[p.code][lang]}
      </p>
    );
  };

  // --- search as the buyer types
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const q = value.name.trim();
    if (!on.search || person || !typing || [...q].length < TITLE_SEARCH_MIN) {
      setSuggestions(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setSearching(true);
      searchTitles(code, q, lang)
        .then(
          (r) => live && setSuggestions(r.items),
          () => live && setSuggestions(null),
        )
        .finally(() => live && setSearching(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value.name, on.search, person, typing, code, lang]);

  const pick = (s: { name: string; taxNumber: string }) => {
    setTyping(false);
    setSuggestions(null);
    onChange({ ...contactOf(value), kind: 'company', name: s.name, taxNumber: s.taxNumber });
  };

  // --- remembered titles
  const [remembered, setRemembered] = useState(() => (on.remember ? rememberedTitles() : []));
  const usable = remembered.filter((r) => r.kind === 'company' || personAllowed);

  // --- QR from a picture
  const fileRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState<null | 'busy' | keyof typeof READ_KEYS>(null);
  const readPicture = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setReading('busy');
    try {
      const { decodeQrImage } = await import('./qr-decode.ts');
      const text = await decodeQrImage(file);
      if (text === null) return setReading('none');
      const qr = parseTitleQr(text);
      if (qr.format === 'wechat') return setReading('wechat');
      if (qr.format === 'unknown') return setReading('unknown');
      setTyping(false);
      onChange({
        ...contactOf(value),
        ...qr.title,
        kind: qr.title.kind === 'person' && !personAllowed ? 'company' : qr.title.kind,
      });
      setReading('ok');
    } catch {
      setReading('failed');
    }
  };

  const field = (
    f: 'taxNumber' | 'address' | 'phone' | 'bank' | 'account' | 'email' | 'mobile' | 'remarks',
    opts: {
      label: string;
      optional: boolean;
      placeholder?: string;
      type?: string;
      inputMode?: 'email' | 'tel' | 'numeric';
      max: number;
      upper?: boolean;
    },
  ) => (
    <div className="t-field" key={f}>
      <label htmlFor={`${id}-${f}`}>
        {opts.label}
        {opts.optional && <span className="b-small">{t('picker.optional')}</span>}
      </label>
      <input
        id={`${id}-${f}`}
        name={f}
        className="b-input"
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        maxLength={opts.max}
        placeholder={opts.placeholder}
        autoCapitalize={opts.upper ? 'characters' : undefined}
        value={value[f] ?? ''}
        onChange={(e) => set({ [f]: opts.upper ? e.target.value.toUpperCase() : e.target.value })}
        aria-invalid={problemOf(f)?.severity === 'error'}
        aria-describedby={problemOf(f) ? `${id}-${f}-err` : undefined}
      />
      {note(f)}
    </div>
  );

  const addressBank =
    !person && (rules.fields.addressBank !== 'hidden' || !!typeRules?.buyerAddressAndBankRequired);
  const addressBankOptional =
    rules.fields.addressBank !== 'required' && !typeRules?.buyerAddressAndBankRequired;
  const taxRequired = !!typeRules?.buyerTaxNumberRequired;

  const uploadBlock = on.upload && (
    <div className="t-upload">
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        onChange={readPicture}
        data-testid="title-qr-file"
      />
      <button
        type="button"
        className="b-btn b-wide"
        onClick={() => fileRef.current?.click()}
        disabled={reading === 'busy'}
      >
        {reading === 'busy' ? t('picker.reading') : t('picker.scan')}
      </button>
      {reading && reading !== 'busy' && (
        <p className={reading === 'ok' ? 'b-note' : 't-warning'} role="status">
          {t(READ_KEYS[reading])}
        </p>
      )}
    </div>
  );

  return (
    <div className="t-picker" data-testid="title-picker">
      {uploadFirst && uploadBlock}
      {on.remember && usable.length > 0 && (
        <section className="t-remembered" aria-label={t('picker.remembered')}>
          <p className="b-small">{t('picker.remembered')}</p>
          <ul className="b-list">
            {usable.map((r) => (
              <li key={`${r.kind}|${r.name}|${r.taxNumber ?? ''}`} className="t-chip-row">
                <button
                  type="button"
                  className={`t-chip${r.name === value.name && (r.taxNumber ?? '') === (value.taxNumber ?? '') ? ' t-chosen' : ''}`}
                  onClick={() => {
                    setTyping(false);
                    onChange({
                      ...r,
                      remarks: value.remarks,
                      email: value.email ?? r.email,
                      mobile: value.mobile ?? r.mobile,
                    });
                  }}
                >
                  <span className="t-chip-name">{r.name}</span>
                  {r.taxNumber && <span className="b-mono b-small">{r.taxNumber}</span>}
                </button>
                <button
                  type="button"
                  className="b-small-btn"
                  aria-label={`${t('picker.forget')} ${r.name}`}
                  onClick={() => {
                    forgetTitle(r);
                    setRemembered(rememberedTitles());
                  }}
                >
                  {t('picker.forget')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {(personAllowed || person) && (
        <fieldset className="b-choice">
          <legend>{t('picker.kind')}</legend>
          {(['company', 'person'] as const).map((k) => (
            <label key={k} className={value.kind === k ? 'b-chosen' : undefined}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={value.kind === k}
                disabled={k === 'person' && !personAllowed}
                onChange={() => set({ kind: k })}
              />
              {k === 'company' ? t('picker.company') : t('picker.person')}
            </label>
          ))}
        </fieldset>
      )}
      {note('kind')}
      {note('type')}

      <div className="t-field t-name">
        <label htmlFor={`${id}-name`}>{TITLE_FIELD_TEXTS.name[lang]}</label>
        <input
          id={`${id}-name`}
          name="name"
          className="b-input"
          maxLength={100}
          autoComplete={person ? 'name' : 'organization'}
          placeholder={person ? t('picker.personPlaceholder') : t('picker.namePlaceholder')}
          value={value.name}
          onChange={(e) => {
            setTyping(true);
            set({ name: e.target.value });
          }}
          role={on.search && !person ? 'combobox' : undefined}
          aria-expanded={on.search && !person ? !!suggestions?.length : undefined}
          aria-controls={on.search && !person ? `${id}-suggest` : undefined}
          aria-autocomplete={on.search && !person ? 'list' : undefined}
          aria-invalid={problemOf('name')?.severity === 'error'}
          aria-describedby={problemOf('name') ? `${id}-name-err` : undefined}
        />
        {typing && (searching || suggestions) && (
          <ul id={`${id}-suggest`} className="t-suggest" role="listbox" data-testid="title-suggestions">
            {searching && !suggestions && <li className="b-small">{t('picker.searching')}</li>}
            {suggestions?.length === 0 && <li className="b-small">{t('picker.noMatch')}</li>}
            {suggestions?.map((s) => (
              <li key={s.taxNumber} role="option" aria-selected={false}>
                <button type="button" onClick={() => pick(s)}>
                  <span className="t-chip-name">{s.name}</span>
                  <span className="b-mono b-small">{s.taxNumber}</span>
                  <span className="b-tag">
                    {t(s.source === 'customer' ? 'picker.suggest.customer' : 'picker.suggest.known')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {note('name')}
      </div>

      {person
        ? field('taxNumber', { label: t('picker.idNumber'), optional: false, max: 18, upper: true })
        : field('taxNumber', {
            label: TITLE_FIELD_TEXTS.taxNumber[lang],
            optional: !taxRequired,
            placeholder: t('picker.taxNumberPlaceholder'),
            max: 20,
            upper: true,
          })}
      {addressBank && (
        <>
          {field('address', { label: t('picker.address'), optional: addressBankOptional, max: 100 })}
          {field('phone', {
            label: t('picker.phone'),
            optional: addressBankOptional,
            type: 'tel',
            inputMode: 'tel',
            max: 30,
          })}
          {field('bank', { label: t('picker.bank'), optional: addressBankOptional, max: 100 })}
          {field('account', {
            label: t('picker.account'),
            optional: addressBankOptional,
            inputMode: 'numeric',
            max: 50,
          })}
        </>
      )}
      {rules.fields.email !== 'hidden' &&
        field('email', {
          label: t('picker.email'),
          optional: rules.fields.email === 'optional',
          type: 'email',
          inputMode: 'email',
          max: 128,
        })}
      {rules.fields.mobile !== 'hidden' &&
        field('mobile', {
          label: t('picker.mobile'),
          optional: rules.fields.mobile === 'optional',
          type: 'tel',
          inputMode: 'tel',
          max: 14,
        })}
      {rules.fields.remarks !== 'hidden' &&
        field('remarks', {
          label: t('picker.remarks'),
          optional: rules.fields.remarks === 'optional',
          max: 200,
        })}

      {!uploadFirst && uploadBlock}
    </div>
  );
}

const READ_KEYS = {
  ok: 'picker.readOk',
  none: 'picker.readNone',
  unknown: 'picker.readUnknown',
  wechat: 'picker.readWechat',
  failed: 'picker.readFailed',
} as const;
