import { type Db, taxSandboxInvoices } from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import type { LayoutFile, LayoutFormat } from '../../../../gateways/tax-bureau/gateway.ts';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 版式文件 (§9.1). The sandbox renders a small XML carrying the §9.4 identifiers and a one-page PDF with the
 * number and totals in ASCII; OFD needs a real renderer, so it answers "not available" — callers must handle that.
 */
export async function downloadLayout(
  db: Db,
  tenantId: number,
  number: string,
  format: LayoutFormat,
): Promise<LayoutFile> {
  const [inv] = await db
    .select()
    .from(taxSandboxInvoices)
    .where(and(eq(taxSandboxInvoices.tenantId, tenantId), eq(taxSandboxInvoices.number, number)));
  if (!inv) return { available: false, reason: '发票不存在' };
  if (format === 'ofd') return { available: false, reason: '沙箱不提供OFD版式文件' };
  const fileName = `${inv.number}.${format}`;
  if (format === 'xml') {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<EInvoice>',
      `<Header><EIid>${inv.number}</EIid></Header>`,
      `<TaxSupervisionInfo><InvoiceNumber>${inv.number}</InvoiceNumber><IssueTime>${inv.issuedAt.toISOString()}</IssueTime></TaxSupervisionInfo>`,
      `<Seller><Name>${esc(inv.sellerName)}</Name><IdNum>${esc(inv.sellerCreditCode)}</IdNum></Seller>`,
      `<Buyer><Name>${esc(inv.buyerName)}</Name><IdNum>${esc(inv.buyerTaxNumber ?? '')}</IdNum></Buyer>`,
      `<BasicInformation><TotalAmWithoutTax>${formatYuan(inv.amountFen)}</TotalAmWithoutTax><TotalTaxAm>${formatYuan(inv.taxFen)}</TotalTaxAm><TotalTax-includedAmount>${formatYuan(inv.totalFen)}</TotalTax-includedAmount></BasicInformation>`,
      '</EInvoice>',
    ].join('\n');
    return {
      available: true,
      bytes: new TextEncoder().encode(xml),
      contentType: 'application/xml',
      fileName,
    };
  }
  return {
    available: true,
    bytes: minimalPdf(`SANDBOX ${inv.number} ${inv.issueDate} TOTAL ${formatYuan(inv.totalFen)}`),
    contentType: 'application/pdf',
    fileName,
  };
}

/** A valid one-page PDF with one line of ASCII text (no CJK font is embedded in the sandbox). */
function minimalPdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 40 780 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
