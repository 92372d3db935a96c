import { MOBILE_RE } from '@fpy/contracts';
import { tenants } from '@fpy/db';
import { InvoiceMethod, TenantType } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { maskTarget } from '../../auth/index.ts';
import { assertCompanyFree, createCompany } from '../tenants/create-company.ts';

export interface Registration {
  companyName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  email: string | null;
  username: string;
  passwordHash: string;
  extensionCode: string | null;
}

type Outcome = 'opened' | 'username_taken' | 'company_taken';

/**
 * Opens the company, or finds the username or the company already taken, and tells the contact's mobile by
 * SMS: that number has just proved itself with a code, and the HTTP answer is the same in every case. When
 * the company is already here, its own contact hears of the attempt too (once a day at most), with nothing of
 * the applicant's free text in it, so sign-up cannot carry someone's message to a company.
 */
export async function openCompany(ctx: Ctx, r: Registration): Promise<Outcome> {
  const outcome = await tryOpen(ctx, r);
  await ctx.notifier.send({
    tenantId: null,
    channel: 'sms',
    recipient: r.contactPhone,
    subject: '【发票云】企业注册结果',
    body: OUTCOME_SMS[outcome](r),
  });
  if (outcome === 'company_taken') await tellExistingCompany(ctx, r);
  return outcome;
}

const OUTCOME_SMS: Record<Outcome, (r: Registration) => string> = {
  opened: (r) =>
    `【发票云】${r.companyName}已开通发票云，管理员账号 ${r.username}，请使用注册时设置的密码登录。`,
  username_taken: (r) =>
    `【发票云】您的企业注册未完成：管理员账号 ${r.username} 已被使用，请更换账号后重新提交。`,
  company_taken: () =>
    '【发票云】您的企业注册未完成：该统一社会信用代码的企业已开通发票云，请联系贵企业的管理员为您添加账号。',
};

async function tryOpen(ctx: Ctx, r: Registration): Promise<Outcome> {
  try {
    await assertCompanyFree(ctx.db, r.creditCode, r.username);
    await createCompany(
      ctx.db,
      {
        name: r.companyName,
        creditCode: r.creditCode,
        tenantType: TenantType.Enterprise,
        invoiceMethod: InvoiceMethod.Direct,
        contactName: r.contactName,
        contactPhone: r.contactPhone,
        email: r.email,
        extensionCode: r.extensionCode,
      },
      {
        username: r.username,
        passwordHash: r.passwordHash,
        // The person registering chose the password, so no change is forced at first login.
        passwordState: 'ok',
        name: r.contactName,
        phone: r.contactPhone,
        email: r.email,
      },
    );
    return 'opened';
  } catch (err) {
    // assertCompanyFree's pre-checks, or the unique index deciding a race on the username.
    if (err instanceof AppError && err.code === 'USERNAME_TAKEN') return 'username_taken';
    if (err instanceof AppError && err.code === 'CREDIT_CODE_TAKEN') return 'company_taken';
    throw err;
  }
}

async function tellExistingCompany(ctx: Ctx, r: Registration) {
  const [company] = await ctx.db
    .select({ id: tenants.id, contactPhone: tenants.contactPhone })
    .from(tenants)
    .where(eq(tenants.creditCode, r.creditCode))
    .limit(1);
  const phone = company?.contactPhone;
  if (!company || !phone || !MOBILE_RE.test(phone) || phone === r.contactPhone) return;
  if (!(await ctx.limiter('register-told', 1, 86_400).consume(String(company.id))).ok) return;
  await ctx.notifier.send({
    tenantId: company.id,
    channel: 'sms',
    recipient: phone,
    subject: '【发票云】企业注册提醒',
    body: `【发票云】手机号 ${maskTarget(r.contactPhone)} 以贵企业的统一社会信用代码申请注册发票云。贵企业已开通，无需重复注册；如需为同事开通账号，请由管理员在用户管理中添加。`,
  });
}
