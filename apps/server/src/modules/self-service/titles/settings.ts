import {
  type ScanInvoiceSettings,
  type ScanTitleSettings,
  scanInvoiceSettings,
  scanTitleSettings,
} from '@fpy/contracts';
import { type Db, titleScanSettings } from '@fpy/db';
import { type BuyerFormRules, DEFAULT_BUYER_FORM_RULES, saneBuyerFormRules } from '@fpy/domain';
import { eq } from 'drizzle-orm';

/** 扫码开票 before the tenant saves anything: open, every help on, no texts (the company's name is shown). */
export const DEFAULT_SCAN_INVOICE: ScanInvoiceSettings = {
  enabled: true,
  titleSearch: true,
  titleUpload: true,
  rememberTitles: true,
  shopName: null,
  welcome: null,
  notice: null,
  contactPhone: null,
};

export interface TitleSettings {
  scanTitle: ScanTitleSettings;
  scanInvoice: ScanInvoiceSettings;
  updatedAt: Date | null;
}

/**
 * The tenant's settings: each stored record laid over its default, then sanitised (the buyer form through the
 * domain's saneBuyerFormRules, the texts through their schema), so a record saved by an older version or edited
 * by hand still reads — a field that no longer passes takes its default instead of breaking the buyer's page.
 */
export async function readTitleSettings(db: Db, tenantId: number): Promise<TitleSettings> {
  const [row] = await db
    .select()
    .from(titleScanSettings)
    .where(eq(titleScanSettings.tenantId, tenantId))
    .limit(1);
  const rawTitle = (row?.scanTitle ?? null) as Partial<BuyerFormRules> | null;
  const title = saneBuyerFormRules(rawTitle);
  const checkedTitle = scanTitleSettings.safeParse(title);
  const rawInvoice = row?.scanInvoice && typeof row.scanInvoice === 'object' ? row.scanInvoice : {};
  const invoice = scanInvoiceSettings.safeParse({ ...DEFAULT_SCAN_INVOICE, ...rawInvoice });
  return {
    scanTitle: checkedTitle.success ? checkedTitle.data : DEFAULT_BUYER_FORM_RULES,
    scanInvoice: invoice.success ? invoice.data : DEFAULT_SCAN_INVOICE,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The buyer form of a tenant, as the submit verbs of scan orders and code boards check titles against it. */
export async function buyerFormRules(db: Db, tenantId: number): Promise<BuyerFormRules> {
  return (await readTitleSettings(db, tenantId)).scanTitle;
}

/**
 * Whether the tenant's 扫码开票 is open to buyers (扫码开票设置 → enabled). Scan orders and code boards ask it before
 * showing a buyer page or taking a request, so one switch pauses every buyer page of the tenant.
 */
export async function scanInvoiceOpen(db: Db, tenantId: number): Promise<boolean> {
  return (await readTitleSettings(db, tenantId)).scanInvoice.enabled;
}
