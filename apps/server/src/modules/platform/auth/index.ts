import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { onUserSessionsEnd } from '../org/index.ts';
import { revokeAllTokens } from './revoke.ts';
import { registerAuthRoutes } from './routes.ts';

/**
 * 登录与令牌: the password grant, logout, the session hand-over, forgotten and changed passwords. Other modules
 * reach the verification codes (sign-up, contact changes) only through what is exported here.
 */
export { LoginKey } from './login-key.ts';
export { CODE_TTL_MS, codeInvalid, consumeCode, maskTarget } from './verification-code.ts';
export { passwordWeak } from './password-weak.ts';
/** grant_type=client_credentials: the open platform's gateway registers it (issue 32). */
export {
  type ClientCredentialsGrant,
  onClientCredentialsGrant,
} from './client-credentials-grant.ts';
/** Sign-up codes (base's registration): verification_codes is written by this module only (issue 29 §4). */
export { consumeRegisterCode, sendRegisterCode } from './register-code.ts';

export function registerAuthModule(app: FastifyInstance, deps: ModuleDeps) {
  registerAuthRoutes(app, deps.loginKey);
  // Tokens of an account the organisation disables, resets or deletes, revoked in org's transaction:
  // access_tokens is written here only, users by org only (issue 29 §4), so org calls back through its hook.
  onUserSessionsEnd(revokeAllTokens);
}
