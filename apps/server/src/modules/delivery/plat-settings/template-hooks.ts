import { local, SMS_MAX_CHARS, TEMPLATE_SAMPLE } from '@fpy/contracts';
import { messageTemplates } from '@fpy/db';
import { DELIVERY_TEMPLATE_VARIABLES, renderTemplate, templateVariables } from '@fpy/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../../crud/bind.ts';
import { badRequest } from '../../../lib/errors.ts';
import { emitAudit } from '../../../lib/write/index.ts';

type Row = Record<string, unknown>;

/** The only scene a company's templates serve (message_templates.scene). */
export const DELIVERY_SCENE = 'invoice_delivery';

const ALLOWED: readonly string[] = DELIVERY_TEMPLATE_VARIABLES;
const LABELS = {
  subject: local('邮件主题', 'subject'),
  body: local('模板内容', 'body'),
  providerCode: local('短信模板编号', 'provider template code'),
  signName: local('短信签名', 'SMS signature'),
};

/** Unknown {{variables}} would reach the buyer as blanks: refused, naming them and what is available. */
function checkVariables(field: 'subject' | 'body', text: unknown) {
  if (typeof text !== 'string') return;
  const unknown = templateVariables(text).filter((v) => !ALLOWED.includes(v));
  if (unknown.length)
    throw badRequest(
      'TEMPLATE_UNKNOWN_VARIABLE',
      { label: LABELS[field], names: unknown.join('、'), allowed: ALLOWED.join('、') },
      { field },
    );
}

/**
 * The template as it will be stored (an update's fields over the row): e-mail needs a subject and has no SMS
 * fields; an SMS has no subject, must carry the buyer's link, and rendered with the sample invoice (and its
 * signature) must fit one long message — the same sample and count the page's live preview shows.
 */
export function checkTemplate(v: Row) {
  checkVariables('subject', v.subject);
  checkVariables('body', v.body);
  if (v.channel === 'email') {
    if (!v.subject) throw badRequest('TEMPLATE_SUBJECT_REQUIRED', undefined, { field: 'subject' });
    for (const field of ['providerCode', 'signName'] as const)
      if (v[field]) throw badRequest('TEMPLATE_EMAIL_ONLY_FIELD', { label: LABELS[field] }, { field });
    return;
  }
  if (v.subject) throw badRequest('TEMPLATE_SMS_NO_SUBJECT', undefined, { field: 'subject' });
  const body = String(v.body ?? '');
  if (!templateVariables(body).includes('link'))
    throw badRequest('TEMPLATE_SMS_NEEDS_LINK', undefined, { field: 'body' });
  const sign = typeof v.signName === 'string' && v.signName ? `【${v.signName}】` : '';
  const chars = [...`${sign}${renderTemplate(body, TEMPLATE_SAMPLE)}`].length;
  if (chars > SMS_MAX_CHARS)
    throw badRequest('TEMPLATE_SMS_TOO_LONG', { max: SMS_MAX_CHARS, chars }, { field: 'body' });
}

/**
 * The dispatcher takes a company's enabled template of a channel; two enabled ones would make that a guess, so
 * enabling one disables the others of its channel (each change audited in the same transaction).
 */
export const templateHooks: ResourceHooks = {
  beforeWrite: (_ctx, values, existing) => {
    checkTemplate({ ...existing, ...values });
    return undefined;
  },
  async afterWrite(ctx, { action, row }) {
    if (action === 'delete' || row.enabled !== true) return;
    const others = await ctx.db
      .update(messageTemplates)
      .set({ enabled: false })
      .where(
        and(
          eq(messageTemplates.tenantId, row.tenantId as number),
          eq(messageTemplates.channel, row.channel as string),
          eq(messageTemplates.scene, DELIVERY_SCENE),
          eq(messageTemplates.enabled, true),
          ne(messageTemplates.id, row.id as number),
        ),
      )
      .returning({ id: messageTemplates.id });
    for (const o of others)
      await emitAudit(ctx.db, ctx, {
        tenantId: row.tenantId as number,
        resource: 'tenantTemplates',
        recordId: o.id,
        action: 'update',
        changes: { enabled: false, reason: `enabled template ${row.id}` },
      });
  },
};
