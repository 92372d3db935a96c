import {
  amountInWords,
  formatYuan,
  invoiceTypeRules,
  POLICY_LABEL,
  type PreferentialPolicy,
  rateFractionText,
} from '@fpy/domain';
import { dateTime, type FaceData, signedFen, signedQuantity } from './face.ts';

/**
 * The 数电 XML master (domain notes §9.4). The official schema was not found; element names follow the public
 * parsers and samples the notes cite (medium confidence): `EInvoice` → `Header`, `EInvoiceData` (seller, buyer,
 * basic totals, one `IssuItemInformation` per line, `AdditionalInformation`), `TaxSupervisionInfo`.
 * Money is written with formatYuan (two decimals, exact), the rate as a fraction (0.13), 大写 with 圆.
 * Red invoices carry negative figures and their blue number.
 */
/** XML 1.0 Char production: tab, LF, CR, U+0020–D7FF, U+E000–FFFD, U+10000 and above (no lone surrogates). */
const xmlChar = (c: string) => {
  const cp = c.codePointAt(0)!;
  return (
    cp === 9 ||
    cp === 10 ||
    cp === 13 ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    cp >= 0x10000
  );
};

export function escapeXml(value: string): string {
  return Array.from(value)
    .filter(xmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Node = [name: string, content: string | number | null | undefined | Node[]];

function render(nodes: Node[], depth: number): string {
  const pad = '  '.repeat(depth);
  return nodes
    .map(([name, content]) => {
      if (Array.isArray(content)) return `${pad}<${name}>\n${render(content, depth + 1)}${pad}</${name}>\n`;
      const text = content === null || content === undefined ? '' : escapeXml(String(content));
      return text === '' ? `${pad}<${name}/>\n` : `${pad}<${name}>${text}</${name}>\n`;
    })
    .join('');
}

/** 01 增值税专用发票, 02 普通发票 — the GeneralOrSpecialVAT label of the samples. */
const vatLabel = (special: boolean): Node[] =>
  special
    ? [
        ['LabelCode', '01'],
        ['LabelName', '增值税专用发票'],
      ]
    : [
        ['LabelCode', '02'],
        ['LabelName', '普通发票'],
      ];

export function buildInvoiceXml({ invoice: inv, lines }: FaceData): string {
  const rules = invoiceTypeRules(inv.type);
  const red = inv.colour === 'red';
  const yuan = (fen: number) => formatYuan(signedFen(inv, fen));
  const total = signedFen(inv, inv.totalFen);
  // The 20-digit number's digits 3–4 are the seller's region (§2.1); the tag of the samples is SWEI<region>00.
  const tag = `SWEI${/^\d{20}$/.test(inv.number) ? inv.number.slice(2, 4) : '00'}00`;
  const remark = [
    red && inv.blueNumber && !(inv.remarks ?? '').includes(inv.blueNumber)
      ? `被红冲蓝字数电发票号码：${inv.blueNumber}`
      : null,
    inv.remarks,
  ]
    .filter(Boolean)
    .join(' ');

  const tree: Node[] = [
    [
      'EInvoice',
      [
        [
          'Header',
          [
            ['EIid', inv.number],
            ['EInvoiceTag', tag],
            ['Version', '0.1'],
            [
              'InherentLabel',
              [
                [
                  'EInvoiceType',
                  [
                    ['LabelCode', rules.family === 'digital' ? '01' : '02'],
                    ['LabelName', rules.family === 'digital' ? '电子发票' : rules.label],
                  ],
                ],
                ['GeneralOrSpecialVAT', vatLabel(rules.special)],
                ['RedOrBlue', [['LabelName', red ? '红字发票' : '蓝字发票']]],
              ],
            ],
          ],
        ],
        [
          'EInvoiceData',
          [
            [
              'SellerInformation',
              [
                ['SellerIdNum', inv.sellerCreditCode],
                ['SellerName', inv.sellerName],
                ['SellerAddr', inv.sellerAddress],
                ['SellerTelNum', inv.sellerPhone],
                ['SellerBankName', inv.sellerBank],
                ['SellerBankAccNum', inv.sellerAccount],
              ],
            ],
            [
              'BuyerInformation',
              [
                ['BuyerIdNum', inv.buyerTaxNumber],
                ['BuyerName', inv.buyerName],
                ['BuyerAddr', inv.buyerAddress],
                ['BuyerTelNum', inv.buyerPhone],
                ['BuyerBankName', inv.buyerBank],
                ['BuyerBankAccNum', inv.buyerAccount],
              ],
            ],
            [
              'BasicInformation',
              [
                ['TotalAmWithoutTax', yuan(inv.amountFen)],
                ['TotalTaxAm', yuan(inv.taxFen)],
                ['TotalTax-includedAmount', formatYuan(total)],
                ['TotalTax-includedAmountInChinese', amountInWords(total)],
                ['RequestTime', dateTime(inv.issuedAt)],
                ['Drawer', inv.drawer],
                ['Payee', inv.payee],
                ['Reviewer', inv.reviewer],
              ],
            ],
            ...lines.map(
              (l): Node => [
                'IssuItemInformation',
                [
                  ['ItemName', l.name],
                  ['SpecMod', l.spec],
                  ['MeaUnits', l.unit],
                  ['Quantity', signedQuantity(inv, l.quantity)],
                  ['UnPrice', l.unitPriceExclusive ?? l.unitPrice],
                  ['Amount', yuan(l.amountFen)],
                  ['TaxRate', rateFractionText(l.rate)],
                  ['ComTaxAm', yuan(l.taxFen)],
                  [
                    'TaxPreferentialPolicy',
                    // The 1% reduction is the line's reason, not a 特殊管理 item (issue 28 §7, §3.1).
                    l.policy && l.policy !== 'reduced_levy_1'
                      ? (POLICY_LABEL[l.policy as PreferentialPolicy] ?? null)
                      : null,
                  ],
                ],
              ],
            ),
            [
              'AdditionalInformation',
              [['Remark', remark], ...(red ? ([['BlueInvoiceNumber', inv.blueNumber]] as Node[]) : [])],
            ],
          ],
        ],
        [
          'TaxSupervisionInfo',
          [
            ['InvoiceNumber', inv.number],
            ['IssueTime', dateTime(inv.issuedAt)],
          ],
        ],
      ],
    ],
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(tree, 0)}`;
}
