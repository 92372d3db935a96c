import { formatMessage } from '@fpy/contracts';
import type { DeliverySettings } from '@fpy/contracts';
import type { Db, invoices } from '@fpy/db';
import type { EmailAttachment } from '../../../gateways/messaging/gateway.ts';
import { loadOrRenderFile } from '../../sales/invoice-files/index.ts';

type Invoice = typeof invoices.$inferSelect;

export interface Attachments {
  attachments: EmailAttachment[];
  /** Set when the files were over the limit and the e-mail carries only the link: the event's message. */
  linkedInstead: string | null;
}

/**
 * The e-mail's files: each invoice's PDF (and its 数电 XML when attachXml), stored or rendered now by
 * invoice-files. Over attachMaxKb together they are left out — the body's link opens them — and the caller
 * records why.
 */
export async function emailAttachments(
  db: Db,
  list: readonly Invoice[],
  settings: DeliverySettings,
): Promise<Attachments> {
  const files: EmailAttachment[] = [];
  for (const inv of list) {
    const name = inv.number ?? String(inv.id);
    const pdf = await loadOrRenderFile({ db }, inv.tenantId, inv.id, 'pdf');
    files.push({ filename: `${name}.pdf`, content: pdf, contentType: 'application/pdf' });
    if (settings.attachXml) {
      const xml = await loadOrRenderFile({ db }, inv.tenantId, inv.id, 'xml');
      files.push({ filename: `${name}.xml`, content: xml, contentType: 'application/xml' });
    }
  }
  const bytes = files.reduce((n, f) => n + f.content.length, 0);
  if (bytes <= settings.attachMaxKb * 1024) return { attachments: files, linkedInstead: null };
  return {
    attachments: [],
    linkedInstead: formatMessage(
      'DELIVERY_ATTACHMENTS_LINKED',
      { size: Math.ceil(bytes / 1024), max: settings.attachMaxKb },
      'zh',
    ),
  };
}
