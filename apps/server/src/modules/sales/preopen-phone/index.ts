import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerPreopenPhoneRoutes } from './routes.ts';

/**
 * 预开审核手机端 (issue 30, spec §2.9): an invoicer binds a phone to their console account and reviews pre-issue
 * applications on it through invoicing's own verbs. Tables preopen_phone_bind_codes, preopen_phone_devices and
 * preopen_phone_app_codes are written here only. See README.md.
 */
export function registerPreopenPhoneModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerPreopenPhoneRoutes(app);
}
