import { type BuyerTitle, normalizeBuyerTitle } from '@fpy/domain';

/**
 * Titles remembered on the buyer's phone (localStorage, never sent anywhere): the newest first, one per
 * (kind, name, tax number), at most 10. The picker offers them for one-tap reuse; ORDERS' confirm page calls
 * `rememberTitle` after a request is accepted. A browser without storage (private mode) simply remembers nothing.
 */
const KEY = 'fpy.apply.titles';
const MAX = 10;

const sameTitle = (a: BuyerTitle, b: BuyerTitle) =>
  a.kind === b.kind && a.name === b.name && (a.taxNumber ?? '') === (b.taxNumber ?? '');

function isTitle(v: unknown): v is BuyerTitle {
  const t = v as BuyerTitle;
  return (
    !!t &&
    typeof t === 'object' &&
    (t.kind === 'company' || t.kind === 'person') &&
    typeof t.name === 'string'
  );
}

export function rememberedTitles(): BuyerTitle[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter(isTitle).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

function store(list: BuyerTitle[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
  } catch {}
}

/** Puts `title` first (replacing its older copy); remarks are per invoice and are not kept. */
export function rememberTitle(title: BuyerTitle) {
  const { remarks: _remarks, ...rest } = normalizeBuyerTitle(title);
  if (!rest.name) return;
  store([rest, ...rememberedTitles().filter((t) => !sameTitle(t, rest))]);
}

export function forgetTitle(title: BuyerTitle) {
  store(rememberedTitles().filter((t) => !sameTitle(t, title)));
}

/** The title to start a form with: the newest remembered one, else an empty company title. */
export const startingTitle = (): BuyerTitle => rememberedTitles()[0] ?? { kind: 'company', name: '' };
