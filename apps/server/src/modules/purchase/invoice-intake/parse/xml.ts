import type { InvoiceType } from '@fpy/domain';
import { dateText, yuanText } from './money.ts';
import { complete, type ParsedInvoice, ParseRefusal } from './types.ts';
import { type El, find, parseXmlTree, text } from './xml-tree.ts';

/**
 * The 数电 XML master (domain notes §9.4; what sales/invoice-files/xml.ts writes): `EInvoice` → `Header/EIid`,
 * `InherentLabel` (电子发票 + 专/普), `EInvoiceData/SellerInformation`, `BuyerInformation`, `BasicInformation`
 * (TotalAmWithoutTax, TotalTaxAm, TotalTax-includedAmount, RequestTime), `TaxSupervisionInfo`.
 */
export function parseInvoiceXml(xml: string, format: ParsedInvoice['format'] = 'xml'): ParsedInvoice {
  const root = parseXmlTree(xml);
  if (root.name !== 'EInvoice') throw new ParseRefusal('unknown_format', root.name);
  return fromEInvoice(root, format);
}

export function fromEInvoice(root: El, format: ParsedInvoice['format']): ParsedInvoice {
  const data = find(root, 'EInvoiceData') ?? root;
  const number = text(root, 'Header/EIid') ?? text(root, 'TaxSupervisionInfo/InvoiceNumber');
  const issueDate =
    dateText(text(root, 'TaxSupervisionInfo/IssueTime')) ??
    dateText(text(data, 'BasicInformation/RequestTime'));
  return complete({
    format,
    number,
    issueDate,
    type: typeOf(root),
    sellerName: text(data, 'SellerInformation/SellerName'),
    sellerTaxNumber: text(data, 'SellerInformation/SellerIdNum'),
    buyerName: text(data, 'BuyerInformation/BuyerName'),
    buyerTaxNumber: text(data, 'BuyerInformation/BuyerIdNum'),
    amountFen: yuanText(text(data, 'BasicInformation/TotalAmWithoutTax')),
    taxFen: yuanText(text(data, 'BasicInformation/TotalTaxAm')),
    totalFen: yuanText(text(data, 'BasicInformation/TotalTax-includedAmount')),
  });
}

function typeOf(root: El): InvoiceType | undefined {
  const label = find(root, 'InherentLabel');
  if (!label) return undefined;
  const digital = text(label, 'EInvoiceType/LabelCode') === '01';
  const special = text(label, 'GeneralOrSpecialVAT/LabelCode') === '01';
  if (digital) return special ? 'digital_special' : 'digital_ordinary';
  return undefined;
}
