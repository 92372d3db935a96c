import { registerCompany } from '@fpy/contracts';
import { InvoiceMethod, passwordProblem, TenantType } from '@fpy/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/hash.ts';
import type { LoginKey } from '../../system/auth/login-key.ts';
import { assertCompanyFree, createCompany } from '../tenants/create-company.ts';
import { judgeCreditCode } from '../tenants/credit-code-rule.ts';

/**
 * Self-service registration (public, rate limited per IP and per username). The person registering chose
 * the password, so it counts as 'ok' and no change is forced at first login.
 */
export function registerRegisterRoutes(app: FastifyInstance, loginKey: LoginKey) {
  route(app, registerCompany, async (ctx, { body }) => {
    const password = loginKey.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw badRequest('PASSWORD_WEAK', problem);
    const credit = judgeCreditCode(body.creditCode);
    await assertCompanyFree(ctx.db, credit.code, body.username);
    const { tenantId } = await createCompany(
      ctx.db,
      {
        name: body.companyName,
        creditCode: credit.code,
        tenantType: TenantType.Enterprise,
        invoiceMethod: InvoiceMethod.Direct,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        email: body.email || null,
        extensionCode: body.extensionCode || null,
      },
      {
        username: body.username,
        passwordHash: await hashPassword(password),
        passwordState: 'ok',
        name: body.contactName,
        phone: body.contactPhone,
        email: body.email,
      },
    );
    return { tenantId, creditCodeStatus: credit.status };
  });
}
