import { WEBHOOK_EVENTS, type WebhookEvent } from '@fpy/contracts';
import { eventBody } from './events.ts';
import { signedHeaders } from './send.ts';

/** An example invoice as the invoice events show it (the docs page's payloads). */
const INVOICE = {
  invoiceId: 910024,
  clientSerial: 'ERP-20261129-0001',
  type: 'digital_special',
  colour: 'blue',
  status: 'issued',
  number: '99990000000000001024',
  issuedAt: '2026-11-29T02:15:00.000Z',
  sellerName: '示例销售方有限公司',
  sellerTaxNo: '91000000SAMPLE0001',
  buyerName: '示例购买方有限公司',
  buyerTaxNo: '91000000SAMPLE0002',
  amountFen: 20000,
  taxFen: 2600,
  totalFen: 22600,
};

const DATA: Record<WebhookEvent, Record<string, unknown>> = {
  'invoice.issued': INVOICE,
  'invoice.failed': {
    ...INVOICE,
    status: 'failed',
    number: null,
    issuedAt: null,
    failureCode: 'BUYER_TAX_NO_INVALID',
    failureReason: '购买方纳税人识别号校验失败',
  },
  'invoice.red_lettered': {
    ...INVOICE,
    invoiceId: 910025,
    colour: 'red',
    number: '99990000000000001025',
    amountFen: -20000,
    taxFen: -2600,
    totalFen: -22600,
    blueInvoiceId: 910024,
    blueNumber: '99990000000000001024',
  },
  'invoice.voided': { ...INVOICE, type: 'digital_paper_ordinary', status: 'void' },
  'invoice.delivered': {
    deliveryId: 910077,
    channel: 'email',
    recipient: 'fi***@example.com',
    acceptedAt: '2026-11-29T02:15:03.000Z',
    invoice: INVOICE,
  },
};

/** Example secret of the samples (never a real app's). */
export const SAMPLE_SECRET = 'sample-app-secret-0123456789abcdefghijklmn';

/**
 * One signed example per event type, made by the very code that sends real deliveries (eventBody,
 * signedHeaders), with a fixed id, time and secret so a reader can recompute the signature.
 */
export function sampleEvents() {
  const at = new Date('2026-11-29T02:15:05.000Z');
  return WEBHOOK_EVENTS.map((type, i) => {
    const eventId = `evt_${'0'.repeat(31)}${i + 1}`;
    const body = eventBody(
      { eventId, type, occurredAt: at, tenantId: 910001, taxNo: '91000000SAMPLE0001' },
      DATA[type],
    );
    return {
      type,
      body,
      headers: signedHeaders(SAMPLE_SECRET, { eventId, eventType: type, deliveryId: 910001, body }, at),
    };
  });
}
