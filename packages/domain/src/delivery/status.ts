/**
 * The states of a delivery and the one word each has on every page, export and message (issue 28 §9): the
 * console's records, statistics, bill and invoice history, the buyer's pages and the server's messages all read
 * these names, so "accepted" never reads four ways.
 *
 * queued → sending → accepted → delivered | failed; retrying between attempts after a temporary failure (the
 * last reason and the next attempt's time are on the record); dead when the retry horizon ran out; skipped when a
 * control (blacklist, frequency limit, quota) refused it before any provider was called.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'retrying',
  'accepted',
  'delivered',
  'failed',
  'dead',
  'skipped',
] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_NAMES: Record<DeliveryStatusName, { zh: string; en: string }> = {
  queued: { zh: '排队中', en: 'Queued' },
  sending: { zh: '发送中', en: 'Sending' },
  retrying: { zh: '等待重试', en: 'Waiting to retry' },
  accepted: { zh: '已受理', en: 'Accepted' },
  delivered: { zh: '已送达', en: 'Delivered' },
  failed: { zh: '发送失败', en: 'Failed' },
  dead: { zh: '多次重试失败', en: 'Given up after retries' },
  skipped: { zh: '已拦截', en: 'Blocked' },
};

/** The word of a state in a language; an unknown state reads as itself. */
export const deliveryStatusName = (status: string, lang: 'zh' | 'en' = 'zh'): string =>
  DELIVERY_STATUS_NAMES[status as DeliveryStatusName]?.[lang] ?? status;

/** States a user may resend from (nothing more happens to them on their own). */
export const DELIVERY_GIVEN_UP_STATUSES: readonly DeliveryStatusName[] = ['failed', 'dead', 'skipped'];
/** States still moving on their own (the queue or the retry schedule holds them). */
export const DELIVERY_PENDING_STATUSES: readonly DeliveryStatusName[] = ['queued', 'sending', 'retrying'];

/** Every state's word in one language, keyed by state (the pages' translation tables are built from it). */
export const deliveryStatusWords = (lang: 'zh' | 'en'): Record<DeliveryStatusName, string> =>
  Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, DELIVERY_STATUS_NAMES[s][lang]])) as Record<
    DeliveryStatusName,
    string
  >;
