import { z } from 'zod';

/**
 * A tenant's electronic-invoice delivery settings (/invoicePlat/zzsdzfp), stored in tenant_parameters under
 * the key 'delivery'. The dispatcher reads them after every issue; the settings page writes them.
 */
export const deliverySettings = z.object({
  /** Send the issued invoice to the buyer's e-mail address automatically. */
  autoEmail: z.boolean(),
  /** Send an SMS with the short link to the buyer's mobile automatically. */
  autoSms: z.boolean(),
  /** Days a buyer's short link stays valid; 0 = never expires. */
  linkTtlDays: z.number().int().min(0).max(3650),
  /** Attachments larger than this (KB, PDF + XML together) are replaced by the download link. */
  attachMaxKb: z.number().int().min(0).max(20480),
  /** Attach the 数电 XML next to the PDF. */
  attachXml: z.boolean(),
  /** Also deliver red-letter (红字) invoices to the buyer. */
  deliverRed: z.boolean(),
});
export type DeliverySettings = z.infer<typeof deliverySettings>;

export const DELIVERY_SETTINGS_KEY = 'delivery';

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  autoEmail: true,
  autoSms: true,
  linkTtlDays: 90,
  attachMaxKb: 5120,
  attachXml: true,
  deliverRed: true,
};
