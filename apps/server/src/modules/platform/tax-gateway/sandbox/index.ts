import { type Db, taxSandboxInvoices, taxSandboxRedForms } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type {
  CollectRequest,
  DeductionRequest,
  PeriodRequest,
  ReceivedLayoutRequest,
  CreditLine,
  IssueRequest,
  LayoutFormat,
  RedFormAction,
  RedFormApplyRequest,
  TaxGateway,
  VerifyRequest,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { readCreditLine, setCreditLimit } from './credit.ts';
import { bureauPeriod, periodAction, queryDeduction, submitDeduction } from './deduction.ts';
import { checkIdentityCaptcha, demandIdentity, identityCaptcha, identityStatus } from './identity.ts';
import { queryIssueResult } from './issue.ts';
import { queryIssueResults, submitIssues } from './issue-batch.ts';
import { downloadLayout } from './layout.ts';
import { DEFAULT_SANDBOX_OPTIONS, type SandboxOptions, shanghaiMonth } from './options.ts';
import { applyRedForm } from './red-apply.ts';
import { actOnForm, lockForm, sweepExpired, toRedForm } from './red-forms.ts';
import {
  collectReceived,
  downloadReceivedLayout,
  markInvoice,
  seedSupplierStream,
} from './received-collect.ts';
import { verifyInvoice } from './verify.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * The embedded tax bureau (issue 4 §1): stateful, persisted in the tax_sandbox_* tables, asynchronous with
 * configurable latency and failure injection. Besides TaxGateway it offers the sandbox-only levers tests and
 * platform administrators need (credit-line limit, buyer booking, the 72-hour sweep).
 */
export class SandboxTaxGateway implements TaxGateway {
  readonly options: SandboxOptions;

  constructor(
    private readonly db: Db,
    options: Partial<SandboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_SANDBOX_OPTIONS, ...options };
  }

  private now() {
    return this.options.now();
  }

  /** Stores the request and returns at once (§10.1: accepted ≠ issued); resubmitting an orderNo is idempotent. */
  async submitIssue(request: IssueRequest) {
    const [submitted] = await submitIssues(this.db, this.options, [request]);
    return submitted;
  }

  queryIssueResult(requestId: string) {
    return queryIssueResult(this.db, this.options, requestId);
  }

  submitIssues(requests: IssueRequest[]) {
    return submitIssues(this.db, this.options, requests);
  }

  queryIssueResults(requestIds: string[]) {
    return queryIssueResults(this.db, this.options, requestIds);
  }

  applyRedForm(request: RedFormApplyRequest) {
    return applyRedForm(this.db, request, this.now());
  }

  async queryRedForm(tenantId: number, formNo: string) {
    return withTransaction({ db: this.db }, async (tx) => {
      const row = await lockForm(tx, formNo, this.now());
      return row && row.tenantId === tenantId ? toRedForm(row) : null;
    });
  }

  confirmRedForm(action: RedFormAction) {
    return actOnForm(this.db, action, 'confirm', this.now());
  }

  refuseRedForm(action: RedFormAction) {
    return actOnForm(this.db, action, 'refuse', this.now());
  }

  revokeRedForm(action: RedFormAction) {
    return actOnForm(this.db, action, 'revoke', this.now());
  }

  creditLine(tenantId: number): Promise<CreditLine> {
    return readCreditLine(this.db, tenantId, shanghaiMonth(this.now()), this.options.defaultMonthlyLimitFen);
  }

  verify(request: VerifyRequest) {
    return verifyInvoice(this.db, request);
  }

  downloadLayout(tenantId: number, number: string, format: LayoutFormat) {
    return downloadLayout(this.db, tenantId, number, format);
  }

  identityStatus(tenantId: number) {
    return identityStatus(this.db, tenantId);
  }

  identityCaptcha(tenantId: number, challengeId: string) {
    return identityCaptcha(this.db, tenantId, challengeId, this.now());
  }

  checkIdentityCaptcha(tenantId: number, challengeId: string, answer: string) {
    return checkIdentityCaptcha(this.db, tenantId, challengeId, answer, this.now());
  }

  collectReceived(request: CollectRequest) {
    return collectReceived(this.db, request, this.now());
  }

  downloadReceivedLayout(request: ReceivedLayoutRequest) {
    return downloadReceivedLayout(this.db, request);
  }

  selectForDeduction(request: DeductionRequest) {
    return submitDeduction(this.db, this.options, 'select', request);
  }

  undoSelection(request: DeductionRequest) {
    return submitDeduction(this.db, this.options, 'undo', request);
  }

  queryDeductionResult(buyerTaxNumber: string, requestId: string) {
    return queryDeduction(this.db, this.options, buyerTaxNumber, requestId);
  }

  applyPeriodStats(request: PeriodRequest) {
    return periodAction(this.db, this.options, 'applyStats', request);
  }

  undoPeriodStats(request: PeriodRequest) {
    return periodAction(this.db, this.options, 'undoStats', request);
  }

  confirmPeriod(request: PeriodRequest & { password: string }) {
    return periodAction(this.db, this.options, 'confirm', request);
  }

  /** The bureau's view of a buyer's period: its state and the invoices it holds as selected (tests, demo). */
  bureauPeriod(buyerTaxNumber: string, period: string) {
    return bureauPeriod(this.db, buyerTaxNumber, period);
  }

  // ---- sandbox-only levers ----

  /** The bureau marks an invoice abnormal (异常凭证) or voided; collection reports the change. */
  markInvoice(sellerCreditCode: string, number: string, state: 'abnormal' | 'voided') {
    return markInvoice(this.db, sellerCreditCode, number, state, this.now());
  }

  /** The demo's outside suppliers issue a stream of purchase invoices to a buyer (once per buyer). */
  seedSupplierStream(buyer: { name: string; taxNumber: string }, count?: number, days?: number) {
    return seedSupplierStream(this.db, buyer, this.now(), count, days);
  }

  /** The bureau asks the tenant's invoicer to confirm their identity; issuing pauses until they do. */
  demandIdentity(tenantId: number) {
    return demandIdentity(this.db, tenantId, this.now());
  }

  /** Platform administrators adjust the current month's line (and the months after, which inherit it). */
  setMonthlyLimit(tenantId: number, monthlyLimitFen: number): Promise<CreditLine> {
    return setCreditLimit(this.db, tenantId, shanghaiMonth(this.now()), monthlyLimitFen);
  }

  /** §6.1 / §7.3: stands in for the buyer's 用途确认 or 入账确认, after which a 确认单 needs the other party. */
  async simulateBuyerBooking(sellerCreditCode: string, number: string) {
    await this.db
      .update(taxSandboxInvoices)
      .set({ buyerBooked: true })
      .where(
        and(eq(taxSandboxInvoices.sellerCreditCode, sellerCreditCode), eq(taxSandboxInvoices.number, number)),
      );
  }

  /** Voids pending 确认单 past their 72-hour window (§6.1); the scheduler calls it later. */
  sweepExpired(now: Date = this.now()) {
    return sweepExpired(this.db, now);
  }

  /** Forms of a blue invoice, newest first (for the product's red-flush page). */
  async redFormsOf(blueNumber: string) {
    const rows = await this.db
      .select()
      .from(taxSandboxRedForms)
      .where(eq(taxSandboxRedForms.blueNumber, blueNumber));
    return rows.map(toRedForm);
  }
}
