import { formatYuan, renderTemplate, smsSegments } from '@fpy/domain';
import type { invoices } from '@fpy/db';
import type { DeliveryTemplate } from './templates.ts';

type Invoice = typeof invoices.$inferSelect;

export interface MessageContent {
  subject: string | null;
  body: string;
  /** The template variables (also the SMS provider's template parameters). */
  vars: Record<string, string>;
}

/** yyyy-MM-dd in Asia/Shanghai (no daylight saving: a fixed +8 h). */
export const shanghaiDay = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10) : '';

/**
 * The variables of one delivery. A batch link (several invoices of one buyer) names the first number with the
 * count (…等3张) and the sum of their 价税合计, so the same templates read well for one invoice or several.
 */
export function deliveryVars(list: readonly Invoice[], link: string): Record<string, string> {
  const first = list[0];
  const totalFen = list.reduce((sum, inv) => sum + inv.totalFen, 0);
  const number = first.number ?? '';
  return {
    buyerName: first.buyerName,
    sellerName: first.sellerName,
    invoiceNumber: list.length > 1 ? `${number}等${list.length}张` : number,
    amount: formatYuan(totalFen),
    issueDate: shanghaiDay(first.issuedAt),
    link,
  };
}

export function renderContent(tpl: DeliveryTemplate, vars: Record<string, string>): MessageContent {
  return {
    subject: tpl.subject === null ? null : renderTemplate(tpl.subject, vars),
    body: renderTemplate(tpl.body, vars),
    vars,
  };
}

/** Segments charged for an SMS: the provider counts the 【签名】 it prepends as part of the text. */
export const smsUnits = (text: string, signName: string | null) =>
  smsSegments(signName ? `【${signName}】${text}` : text);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail's HTML part: the text escaped, lines kept, the link clickable. */
export function emailHtml(text: string, link: string): string {
  const safe = escapeHtml(text).replaceAll('\n', '<br>');
  const safeLink = escapeHtml(link);
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.6">${
    link ? safe.replaceAll(safeLink, `<a href="${safeLink}">${safeLink}</a>`) : safe
  }</div>`;
}
