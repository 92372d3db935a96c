import { formatMessage, type MessageKey } from '@fpy/contracts';
import type { InvoiceType, PreferentialPolicy, TaxRate } from '@fpy/domain';

/**
 * The product's only door to the tax bureau (issue 4 §1). Everything here uses our own names and enums;
 * a provider adapter maps them to its codes at its boundary (notes §1.2 DISAGREEMENT, §6.1 reason-code
 * disagreement): never let a provider's code leak through this interface. Money is integer fen.
 */

export type Party = 'seller' | 'buyer';
export type InvoiceColour = 'blue' | 'red';

export interface IssueLine {
  name: string;
  taxCode?: string;
  amountFen: number;
  taxFen: number;
  rate: TaxRate;
  /** 优惠政策 / 征收率 declaration of the line (§3.2, §3.3); the bureau checks rate and code against it. */
  policy?: PreferentialPolicy;
}

export interface IssueRequest {
  tenantId: number;
  /** Idempotency key (§10.1): resubmitting the same orderNo answers the first request's id. */
  orderNo: string;
  type: InvoiceType;
  colour: InvoiceColour;
  seller: { name: string; creditCode: string };
  buyer: { name: string; taxNumber?: string };
  /** Totals of the invoice; red invoices carry negative figures. 金额 + 税额 = 价税合计. */
  amountFen: number;
  taxFen: number;
  totalFen: number;
  lines: IssueLine[];
  /** Red invoices only: the 确认单 authorising it (§6.1, one red invoice per form). */
  redFormNo?: string;
}

export type IssueResult =
  | { status: 'pending' }
  | { status: 'issued'; number: string; issuedAt: Date; issueDate: string; checkCode?: string }
  | { status: 'failed'; code: IssueFailureCode; message: string };

/** Why the bureau refused; `message` is the Chinese text users read. */
export type IssueFailureCode =
  | 'credit_exceeded'
  | 'invalid_request'
  | 'red_form_unusable'
  | 'bureau_rejected'
  | 'unknown_request';

/** §6.1 reasons (`chyydm`); the legacy order differs, so adapters map these, never the codes. */
export const RedLetterReason = {
  IssueError: 'issue_error',
  SalesReturn: 'sales_return',
  ServiceSuspension: 'service_suspension',
  SalesDiscount: 'sales_discount',
} as const;
export type RedLetterReason = (typeof RedLetterReason)[keyof typeof RedLetterReason];
export const RED_REASON_BUREAU_CODE: Record<RedLetterReason, string> = {
  issue_error: '01',
  sales_return: '02',
  service_suspension: '03',
  sales_discount: '04',
};

/** §6.1 确认单 states 01–10 as our names; the bureau code is a mapping only. */
export const RedLetterFormState = {
  NoConfirmationNeeded: 'no_confirmation_needed',
  PendingBuyer: 'pending_buyer',
  PendingSeller: 'pending_seller',
  Confirmed: 'confirmed',
  VoidBuyerRefused: 'void_buyer_refused',
  VoidSellerRefused: 'void_seller_refused',
  VoidExpired: 'void_expired',
  VoidRevoked: 'void_revoked',
  VoidRevokedAfterConfirm: 'void_revoked_after_confirm',
  /** FAPIAOAPI 附件5 reads 10 as 作废(异常凭证); 标普智元 reads it as 申请中 (DISAGREEMENT) — we follow FAPIAOAPI. */
  VoidAbnormal: 'void_abnormal',
} as const;
export type RedLetterFormState = (typeof RedLetterFormState)[keyof typeof RedLetterFormState];
export const RED_FORM_STATE_BUREAU_CODE: Record<RedLetterFormState, string> = {
  no_confirmation_needed: '01',
  pending_buyer: '02',
  pending_seller: '03',
  confirmed: '04',
  void_buyer_refused: '05',
  void_seller_refused: '06',
  void_expired: '07',
  void_revoked: '08',
  void_revoked_after_confirm: '09',
  void_abnormal: '10',
};
/** A red invoice may be issued against a form in one of these states (§6.1). */
export const RED_FORM_USABLE: readonly RedLetterFormState[] = ['no_confirmation_needed', 'confirmed'];

export interface RedFormApplyRequest {
  tenantId: number;
  initiator: Party;
  blueNumber: string;
  /** The blue invoice's seller: names the invoice together with its number (and the buyer's counter-party). */
  sellerCreditCode: string;
  reason: RedLetterReason;
  /** The part to reverse, positive fen; 开票有误 must reverse the whole blue invoice (§6.1). */
  amountFen: number;
  taxFen: number;
}

export interface RedForm {
  formNo: string;
  blueNumber: string;
  initiator: Party;
  reason: RedLetterReason;
  state: RedLetterFormState;
  amountFen: number;
  taxFen: number;
  /** End of the 72-hour confirmation window; null when no confirmation is pending. */
  deadline: Date | null;
  /** The red invoice issued with this form, once used. */
  redNumber: string | null;
}

/** Operations on a form: `by` is the party acting (the other party confirms or refuses). */
export interface RedFormAction {
  tenantId: number;
  formNo: string;
  by: Party;
}

export interface CreditLine {
  /** 属期 yyyyMM (§11.1). */
  month: string;
  monthlyLimitFen: number;
  usedFen: number;
  remainingFen: number;
}

/** §7.1: a 数电 invoice is checked by number + date + 价税合计; legacy types by amount or 校验码后 6 位. */
export interface VerifyRequest {
  /** 发票代码, empty/absent for 数电. */
  code?: string;
  number: string;
  /** yyyy-MM-dd */
  issueDate: string;
  /** 价税合计 (数电) */
  totalFen?: number;
  /** 开具金额（不含税）(专票, 机动车) */
  amountFen?: number;
  checkCodeLast6?: string;
}

/** The bureau's state of a checked invoice (查验 reply 发票状态): 正常 / 已红冲 / 已作废 / 异常(失控). */
export type VerifiedState = 'normal' | 'red' | 'voided' | 'abnormal';

export type VerifyResult =
  | {
      result: 'match';
      invoice: {
        /** 发票代码 of a legacy invoice; absent for 数电. */
        code?: string;
        number: string;
        /** Lane CHECK (issue 31): the buyer's tax number and the bureau's state, as a 查验 reply carries them. */
        buyerTaxNumber?: string | null;
        state?: VerifiedState;
        type: InvoiceType;
        colour: InvoiceColour;
        sellerName: string;
        sellerCreditCode: string;
        buyerName: string;
        amountFen: number;
        taxFen: number;
        totalFen: number;
        issueDate: string;
      };
    }
  | { result: 'mismatch'; fields: ('issueDate' | 'totalFen' | 'amountFen' | 'checkCode')[] }
  | { result: 'not_found' };

export type LayoutFormat = 'pdf' | 'ofd' | 'xml';
export type LayoutFile =
  | { available: true; bytes: Uint8Array; contentType: string; fileName: string }
  | { available: false; reason: string };

/** 归集 (issue 31, lane CORE): the invoices issued to a buyer's tax number, by 属期 or since the last cursor. */
export interface CollectRequest {
  tenantId: number;
  buyerTaxNumber: string;
  /** yyyyMM: every invoice issued in the month, as it stands now. */
  period?: string;
  /** The cursor of the last answer: invoices issued or changed after it (absent: from the start). */
  since?: string | null;
}
export interface CollectedInvoice {
  code: string | null;
  number: string;
  type: InvoiceType;
  colour: InvoiceColour;
  sellerName: string;
  sellerCreditCode: string;
  buyerName: string;
  buyerTaxNumber: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  issueDate: string;
  lines: { name: string; amountFen: number; taxFen: number; rate: TaxRate }[];
  /** A red invoice: the blue one it reverses. */
  blueNumber: string | null;
  /** The bureau's state now and every change after issue, oldest first. */
  state: VerifiedState;
  changes: { state: VerifiedState; at: Date }[];
}
export interface ReceivedLayoutRequest {
  tenantId: number;
  buyerTaxNumber: string;
  sellerCreditCode: string;
  number: string;
  format: LayoutFormat;
}
export interface CollectResult {
  invoices: CollectedInvoice[];
  /** Pass it back as `since` next time. */
  cursor: string | null;
}

export interface TaxGateway {
  /** Accepts at once; the result arrives later (poll queryIssueResult). */
  submitIssue(request: IssueRequest): Promise<{ requestId: string }>;
  queryIssueResult(requestId: string): Promise<IssueResult>;
  /**
   * Several blue issues in one call (乐企 batch issuing), answered in order with one requestId each; each
   * orderNo stays idempotent on its own. The issue job sends what it has due this way.
   */
  submitIssues(requests: IssueRequest[]): Promise<{ requestId: string }[]>;
  /** The results of several requests in one call, in order. */
  queryIssueResults(requestIds: string[]): Promise<IssueResult[]>;
  applyRedForm(request: RedFormApplyRequest): Promise<RedForm>;
  queryRedForm(tenantId: number, formNo: string): Promise<RedForm | null>;
  confirmRedForm(action: RedFormAction): Promise<RedForm>;
  refuseRedForm(action: RedFormAction): Promise<RedForm>;
  revokeRedForm(action: RedFormAction): Promise<RedForm>;
  /**
   * Forms the bureau voided up to `now` because their 72-hour window passed (§6.1). A real provider reads
   * them from the bureau; the embedded sandbox runs its own sweep here, standing in for the bureau's timer.
   */
  sweepExpired(now: Date): Promise<RedForm[]>;
  creditLine(tenantId: number): Promise<CreditLine>;
  verify(request: VerifyRequest): Promise<VerifyResult>;
  downloadLayout(tenantId: number, number: string, format: LayoutFormat): Promise<LayoutFile>;
  /** 归集: invoices issued to a buyer's tax number with their state changes (red-lettered, voided, abnormal). */
  collectReceived(request: CollectRequest): Promise<CollectResult>;
  /** 版式文件 of an invoice issued to the buyer (全量发票查询 → 下载): only the addressed buyer gets them. */
  downloadReceivedLayout(request: ReceivedLayoutRequest): Promise<LayoutFile>;
  /** 开票员身份认证: whether the bureau pauses the tenant's issuing until the invoicer confirms (see IdentityStatus). */
  identityStatus(tenantId: number): Promise<IdentityStatus>;
  /** A fresh captcha for the demand (an image; or a code the bureau texts the invoicer), the text never here. */
  identityCaptcha(tenantId: number, challengeId: string): Promise<IdentityCaptcha | null>;
  checkIdentityCaptcha(tenantId: number, challengeId: string, answer: string): Promise<IdentityCheck>;
  /** 勾选 / 撤销勾选 (issue 31, lane DEDUCT): accepted at once; poll queryDeductionResult with the requestId. */
  selectForDeduction(request: DeductionRequest): Promise<{ requestId: string }>;
  undoSelection(request: DeductionRequest): Promise<{ requestId: string }>;
  queryDeductionResult(buyerTaxNumber: string, requestId: string): Promise<DeductionResult>;
  /** 申请统计 / 撤销统计 / 确认 of a 税款所属期; a confirmed period never changes. */
  applyPeriodStats(request: PeriodRequest): Promise<PeriodActionResult>;
  undoPeriodStats(request: PeriodRequest): Promise<PeriodActionResult>;
  confirmPeriod(request: PeriodRequest & { password: string }): Promise<PeriodActionResult>;
}

/** Deduction (lane DEDUCT): one invoice of the buyer, by its seller and number (数电 number or legacy code-number). */
export type DeductionItem = { sellerCreditCode: string; number: string };
export type DeductionRequest = {
  tenantId: number;
  buyerTaxNumber: string;
  period: string;
  items: DeductionItem[];
};
export type DeductionResult =
  | { state: 'pending' }
  | { state: 'unknown' }
  | {
      state: 'done';
      action: 'select' | 'undo';
      period: string;
      items: (DeductionItem & { outcome: 'ok' | 'refused'; reason?: string })[];
    };
export type PeriodRequest = { tenantId: number; buyerTaxNumber: string; period: string };
export type PeriodStats = {
  period: string;
  state: 'open' | 'stats_applied' | 'confirmed';
  count: number;
  amountFen: number;
  taxFen: number;
  confirmedAt: Date | null;
};
export type PeriodActionResult =
  | { ok: true; stats: PeriodStats }
  | { ok: false; reason: 'wrong_state' | 'wrong_password'; stats: PeriodStats };

/** Issues are refused (`bureau_rejected`) while `required`; a new demand has a new `challengeId`. */
export type IdentityStatus =
  | { state: 'confirmed'; confirmedAt: Date | null }
  | { state: 'required'; challengeId: string; askedAt: Date };
export type IdentityCaptcha =
  | { kind: 'image'; contentType: string; bytes: Uint8Array; expiresAt: Date }
  | { kind: 'sms'; phoneMasked: string; expiresAt: Date };
/** `stale`: the demand was answered or replaced, or its captcha expired (ask for a new one). */
export type IdentityCheck = 'confirmed' | 'wrong' | 'stale';

/** A refusal of a synchronous gateway call (red-letter forms); issuing failures come back as IssueResult. */
export class TaxGatewayError extends Error {
  constructor(
    readonly code: string,
    /** The bureau's reason, a catalogue key (RED_FORM_REFUSED.*): the user reads it in their language. */
    readonly key: TaxRefusalKey,
  ) {
    super(formatMessage(key, undefined, 'zh'));
  }
}

export type TaxRefusalKey = Extract<MessageKey, `RED_FORM_REFUSED.${string}`>;
