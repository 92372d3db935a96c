import { providedOf, type tenantCreateBody, type tenantUpdateBody } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { tenants } from '@fpy/db';
import { TenantType } from '@fpy/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../../../lib/errors.ts';
import { creditCodeTaken } from './create-company.ts';
import { type JudgedCreditCode, judgeCreditCode } from './credit-code-rule.ts';

type TenantInput = Omit<z.infer<typeof tenantCreateBody>, 'adminUsername' | 'adminPassword' | 'adminName'>;
type TenantPatch = z.infer<typeof tenantUpdateBody>;

/**
 * Checks and normalises the company fields the tenant manager edits: credit code (format, duplicates),
 * and the agent link — only an agent client points to a parent, and that parent must be an agent.
 */
export async function tenantValues(db: Db, body: TenantInput, selfId?: number) {
  const credit: JudgedCreditCode = judgeCreditCode(body.creditCode);
  const dupWhere = selfId
    ? and(eq(tenants.creditCode, credit.code), ne(tenants.id, selfId))
    : eq(tenants.creditCode, credit.code);
  const [dup] = await db.select({ id: tenants.id }).from(tenants).where(dupWhere).limit(1);
  if (dup) throw creditCodeTaken();
  let parentId: number | null = null;
  if (body.tenantType === TenantType.AgentClient) {
    if (!body.parentId) throw badRequest('TENANT_PARENT_REQUIRED');
    if (body.parentId === selfId) throw badRequest('TENANT_PARENT_INVALID');
    const [p] = await db
      .select({ type: tenants.tenantType })
      .from(tenants)
      .where(eq(tenants.id, body.parentId))
      .limit(1);
    if (!p || p.type !== TenantType.Agent) throw badRequest('TENANT_PARENT_INVALID.not_agent');
    parentId = body.parentId;
  }
  const blank = (v: string | null | undefined) => (v ? v : null);
  return {
    credit,
    values: {
      name: body.name,
      creditCode: credit.code,
      tenantType: body.tenantType,
      parentId,
      invoiceMethod: body.invoiceMethod,
      address: blank(body.address),
      phone: blank(body.phone),
      bank: blank(body.bank),
      account: blank(body.account),
      contactName: blank(body.contactName),
      contactPhone: blank(body.contactPhone),
      email: blank(body.email),
    },
  };
}

/**
 * An update: the stored company with the given fields laid over it is checked as a whole (credit code, agent
 * link), and only the given fields are written — plus the agent link when the type changes. A field left out
 * keeps its value; the credit-code warning is only for a code the request gave.
 */
export async function tenantChanges(db: Db, patch: TenantPatch, current: typeof tenants.$inferSelect) {
  const given = providedOf(patch);
  const merged: TenantInput = {
    name: current.name,
    creditCode: current.creditCode,
    tenantType: current.tenantType,
    parentId: current.parentId,
    invoiceMethod: current.invoiceMethod,
    address: current.address,
    phone: current.phone,
    bank: current.bank,
    account: current.account,
    contactName: current.contactName,
    contactPhone: current.contactPhone,
    email: current.email,
    ...given,
  };
  const { credit, values } = await tenantValues(db, merged, current.id);
  const keys = Object.keys(given) as (keyof typeof values)[];
  if ('tenantType' in given) keys.push('parentId');
  return {
    warning: 'creditCode' in given ? credit.warning : null,
    values: Object.fromEntries(keys.map((k) => [k, values[k]])) as Partial<typeof values>,
  };
}
