import { type Db, messageTemplates } from '@fpy/db';
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Channel } from '../../../gateways/messaging/gateway.ts';

export const DELIVERY_SCENE = 'invoice_delivery';

export interface DeliveryTemplate {
  /** Where it came from: the company's own, the platform's, or the built-in default below. */
  source: 'tenant' | 'platform' | 'builtin';
  subject: string | null;
  body: string;
  /** The SMS provider's approved template code and 签名, when the template names them. */
  providerCode: string | null;
  signName: string | null;
}

/**
 * Built-in zh defaults, used until the platform or the company saves its own (/invoicePlat/template). The SMS is
 * short (one or two segments with a 12-character link) and names the seller, since the buyer did not ask for it.
 */
export const BUILTIN_TEMPLATES: Record<Channel, DeliveryTemplate> = {
  email: {
    source: 'builtin',
    subject: '【{{sellerName}}】电子发票 {{invoiceNumber}}',
    body: [
      '尊敬的{{buyerName}}：',
      '',
      '{{sellerName}}已为您开具电子发票。',
      '发票号码：{{invoiceNumber}}',
      '价税合计：¥{{amount}}',
      '开票日期：{{issueDate}}',
      '',
      '发票文件见附件，也可打开以下链接查看和下载：',
      '{{link}}',
      '',
      '此邮件由系统自动发送，请勿直接回复。',
    ].join('\n'),
    providerCode: null,
    signName: null,
  },
  sms: {
    source: 'builtin',
    subject: null,
    body: '{{sellerName}}为您开具了电子发票{{invoiceNumber}}，价税合计{{amount}}元，查看下载：{{link}}',
    providerCode: null,
    signName: null,
  },
};

/**
 * The template of a channel for this tenant: its own enabled one of the delivery scene, else the platform's,
 * else the built-in default. Several enabled ones: the most recently updated wins (what the page saved last).
 */
export async function pickTemplate(db: Db, tenantId: number, channel: Channel): Promise<DeliveryTemplate> {
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.channel, channel),
        eq(messageTemplates.scene, DELIVERY_SCENE),
        eq(messageTemplates.enabled, true),
        or(eq(messageTemplates.tenantId, tenantId), isNull(messageTemplates.tenantId)),
      ),
    )
    // Own rows first (nulls last), then the newest.
    .orderBy(asc(messageTemplates.tenantId), desc(messageTemplates.updatedAt), desc(messageTemplates.id))
    .limit(5);
  const own = rows.find((r) => r.tenantId === tenantId);
  const row = own ?? rows.find((r) => r.tenantId === null);
  if (!row) return BUILTIN_TEMPLATES[channel];
  return {
    source: own ? 'tenant' : 'platform',
    subject: row.subject ?? BUILTIN_TEMPLATES[channel].subject,
    body: row.body,
    providerCode: row.providerCode,
    signName: row.signName,
  };
}
