import { z } from 'zod';
import { defineRoute } from '../route.ts';

export * from './session-constants.ts';

/**
 * Spec §4 hand-over: a token that arrived in the address (partner portals, the operations console) becomes the
 * console's session only through this explicit call, after the user agreed to switch accounts. The token goes in
 * the Authorization header, never in a URL, and a cross-site form cannot set that header.
 */
export const adoptSession = defineRoute({
  method: 'POST',
  path: '/api/auth/session',
  permission: 'authenticated',
  tag: 'auth',
  summary: '以 Authorization 头中的令牌建立控制台会话 (设置 HttpOnly Cookie)',
  reply: z.object({ username: z.string(), expiresIn: z.number().int() }),
});
