import type { getModifyPasswordCode, SelfInfo, updateSelf as updateSelfRoute } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallReply, http } from '../../../lib/http.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';

export type SelfReply = SelfInfo;
/** code is required by the server when the phone or e-mail changes: it proves the new address is the user's. */
export type SelfUpdate = CallBody<typeof updateSelfRoute>;
export type CodeChannel = 'sms' | 'email';

export const selfQuery = queryOptions({
  queryKey: [SESSION_KEY, 'self'],
  queryFn: () => http.get<SelfInfo>('/api/admin/user/self'),
});

export function updateSelf(body: SelfUpdate) {
  return http.put<SelfInfo>('/api/admin/user/self', { body });
}

/** Sends a code to the account's own phone/e-mail, or to `target` when binding a new one. */
export function sendModifyCode(channel: CodeChannel, target?: string) {
  return http.get<CallReply<typeof getModifyPasswordCode>>('/api/admin/client/getModifyPasswordCode', {
    query: { channel, target },
  });
}
