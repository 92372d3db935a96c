/**
 * Canonical invoice types (domain notes §1.1) and the header rules each carries (§1.4, §4.6, §4.7, §4.8, §5.3).
 * The values are our own names; provider codes are mapped in invoice-type-codes.ts (§1.2 DISAGREEMENT: codes
 * such as 83 mean different things per provider, so no provider code is ever our canonical type).
 */
export const InvoiceType = {
  /** 数电票（增值税专用发票）. */
  DigitalSpecial: 'digital_special',
  /** 数电票（普通发票）. */
  DigitalOrdinary: 'digital_ordinary',
  /** 数电纸质发票（增值税专用发票）. */
  DigitalPaperSpecial: 'digital_paper_special',
  /** 数电纸质发票（普通发票）. */
  DigitalPaperOrdinary: 'digital_paper_ordinary',
  /** 增值税专用发票 (legacy paper). */
  SpecialPaper: 'special_paper',
  /** 增值税普通发票 (legacy paper, 二联/五联). */
  OrdinaryPaper: 'ordinary_paper',
  /** 增值税电子专用发票 (legacy). */
  ElectronicSpecial: 'electronic_special',
  /** 增值税电子普通发票 (legacy). */
  ElectronicOrdinary: 'electronic_ordinary',
  /** 增值税普通发票（卷式）. */
  Roll: 'roll',
} as const;
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType];

export interface InvoiceTypeRules {
  /** The name users read. */
  label: string;
  /** 数电 (fully digital) or legacy 税控. */
  family: 'digital' | 'legacy';
  /** 专票: the buyer may deduct input VAT. */
  special: boolean;
  electronic: boolean;
  /** §1.4: 纳税人识别号 mandatory for 专票 (004/028/81/01). */
  buyerTaxNumberRequired: boolean;
  /** §1.4: legacy paper 专票 also needs buyer 地址电话 and 开户行及账号 (BAIWANG-SDK). */
  buyerAddressAndBankRequired: boolean;
  /** §5.3: natural-person buyers on 普票 only. */
  naturalPersonBuyerAllowed: boolean;
  /** §1.4: 数电 splits address / phone / bank / account into four fields. */
  splitBuyerContact: boolean;
  /** §1.4: 备注 ≤ 200 on 数电 (NUONUO-SAAS), 230 on legacy Nuonuo. */
  remarkMaxLength: number;
  /** §4.8: lines printed on the face before a 销货清单 is needed; null = no face limit. */
  maxFaceLines: number | null;
  /** §4.8: legacy e-invoices cannot be list invoices. */
  listAllowed: boolean;
}

const digital = { family: 'digital', splitBuyerContact: true, remarkMaxLength: 200 } as const;
const legacy = { family: 'legacy', splitBuyerContact: false, remarkMaxLength: 230 } as const;
const special = {
  special: true,
  buyerTaxNumberRequired: true,
  buyerAddressAndBankRequired: false,
  naturalPersonBuyerAllowed: false,
} as const;
const ordinary = {
  special: false,
  buyerTaxNumberRequired: false,
  buyerAddressAndBankRequired: false,
  naturalPersonBuyerAllowed: true,
} as const;
/** §4.8: paper face holds 8 lines; more ⇒ 清单 (FAPIAOAPI qdbz for 85/86, Nuonuo listFlag for legacy paper). */
const paper = { electronic: false, maxFaceLines: 8, listAllowed: true } as const;
const electronicList = { electronic: true, maxFaceLines: null, listAllowed: false } as const;

export const INVOICE_TYPE_RULES: Record<InvoiceType, InvoiceTypeRules> = {
  digital_special: { label: '数电发票（增值税专用发票）', ...digital, ...special, ...electronicList },
  digital_ordinary: { label: '数电发票（普通发票）', ...digital, ...ordinary, ...electronicList },
  digital_paper_special: { label: '数电纸质发票（增值税专用发票）', ...digital, ...special, ...paper },
  digital_paper_ordinary: { label: '数电纸质发票（普通发票）', ...digital, ...ordinary, ...paper },
  special_paper: {
    label: '增值税专用发票',
    ...legacy,
    ...special,
    buyerAddressAndBankRequired: true,
    ...paper,
  },
  ordinary_paper: { label: '增值税普通发票', ...legacy, ...ordinary, ...paper },
  electronic_special: { label: '增值税电子专用发票', ...legacy, ...special, ...electronicList },
  electronic_ordinary: { label: '增值税电子普通发票', ...legacy, ...ordinary, ...electronicList },
  // Roll-paper face limits are not in the notes; no list either way.
  roll: {
    label: '增值税普通发票（卷式）',
    ...legacy,
    ...ordinary,
    electronic: false,
    maxFaceLines: null,
    listAllowed: false,
  },
};

export function isInvoiceType(value: unknown): value is InvoiceType {
  return typeof value === 'string' && Object.hasOwn(INVOICE_TYPE_RULES, value);
}

export function invoiceTypeRules(type: InvoiceType): InvoiceTypeRules {
  return INVOICE_TYPE_RULES[type];
}
