import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { VerifyRequest, VerifyResult } from '../../../gateways/tax-bureau/gateway.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { ParsedInvoice } from './parse/index.ts';

/** The company whose invoices these are: collecting received invoices is a company's own work. */
export function ownTenant(actor: { tenantId: number | null }): number {
  if (actor.tenantId === null) throw badRequest('TENANT_REQUIRED.intake');
  return actor.tenantId;
}

/** The company's tax numbers (统一社会信用代码): invoices addressed to one of them are its received invoices. */
export async function ownTaxNumbers(db: Db, tenantId: number): Promise<string[]> {
  const [t] = await db
    .select({ creditCode: tenants.creditCode })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return t?.creditCode ? [t.creditCode.trim().toUpperCase()] : [];
}

export const isOwn = (own: readonly string[], taxNumber: string | null | undefined) =>
  !!taxNumber && own.includes(taxNumber.trim().toUpperCase());

/** What the bureau is asked (§7.1): 数电 by 价税合计, legacy 专票 by 金额, 普票 by 校验码后 6 位. */
export function verifyRequestOf(
  p: Pick<ParsedInvoice, 'code' | 'number' | 'issueDate' | 'totalFen' | 'amountFen' | 'checkCodeLast6'>,
): VerifyRequest {
  if (!p.code) return { number: p.number, issueDate: p.issueDate, totalFen: p.totalFen };
  return {
    code: p.code,
    number: p.number,
    issueDate: p.issueDate,
    ...(p.amountFen !== undefined ? { amountFen: p.amountFen } : {}),
    ...(p.checkCodeLast6 ? { checkCodeLast6: p.checkCodeLast6 } : {}),
  };
}

export type Verified = VerifyResult | { result: 'unavailable' };

/** 查验, outside any transaction; a bureau that cannot be reached is an answer of its own. */
export async function verify(ctx: AuthedCtx, request: VerifyRequest): Promise<Verified> {
  try {
    return await ctx.taxGatewayFor(ctx.db).verify(request);
  } catch (err) {
    ctx.log.warn({ err }, 'invoice intake: bureau verify failed');
    return { result: 'unavailable' };
  }
}
