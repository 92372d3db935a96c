import { getRegisterCode, registerCompany } from '@fpy/contracts';
import { passwordProblem } from '@fpy/domain';
import { passwordWeak } from '../../auth/index.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { hashPassword } from '../../../../lib/hash.ts';
import type { PasswordKey } from '../../../../http/module.ts';
import { maskTarget } from '../../auth/index.ts';
import { openCompany } from './open-company.ts';
import { consumeRegisterCode, sendRegisterCode } from '../../auth/index.ts';
import { registrableCreditCode } from './registrable-credit-code.ts';

/**
 * Self-service registration (public; limited per IP, and per username on the form). Nothing an anonymous
 * caller sees depends on whether a username or a company exists (issue 12 §4):
 *  1. getCode answers "sent" for every well-formed mobile number (its minute and day windows included);
 *  2. register checks everything it can on the request alone (password rule, credit code checksum) before
 *     anything is looked up, then the code, then answers "submitted" alike whether the company was opened or the
 *     username or company was taken; the outcome goes by SMS to the mobile the code proved (open-company.ts).
 */
export function registerRegisterRoutes(app: FastifyInstance, loginKey: PasswordKey) {
  route(app, getRegisterCode, async (ctx, { body }) => {
    await sendRegisterCode(ctx, body.contactPhone);
    return { sent: true as const, channel: 'sms' as const, maskedTarget: maskTarget(body.contactPhone) };
  });

  route(app, registerCompany, async (ctx, { body }) => {
    const password = loginKey.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw passwordWeak(problem);
    const creditCode = registrableCreditCode(body.creditCode);
    await consumeRegisterCode(ctx, body.contactPhone, body.code);
    // Hashed before the lookups, so an opened and a refused registration cost the same scrypt.
    const passwordHash = await hashPassword(password);
    await openCompany(ctx, {
      companyName: body.companyName,
      creditCode,
      contactName: body.contactName,
      contactPhone: body.contactPhone,
      email: body.email || null,
      username: body.username,
      passwordHash,
      extensionCode: body.extensionCode || null,
    });
    return { submitted: true as const, channel: 'sms' as const, maskedTarget: maskTarget(body.contactPhone) };
  });
}
