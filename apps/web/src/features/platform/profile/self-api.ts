import { getModifyPasswordCode, getSelf, updateSelf as updateSelfRoute } from '@fpy/contracts';
import type { SelfInfo } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type CallBody, call } from '../../../lib/http.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';

export type SelfReply = SelfInfo;
/** code is required by the server when the phone or e-mail changes: it proves the new address is the user's. */
export type SelfUpdate = CallBody<typeof updateSelfRoute>;
export type CodeChannel = 'sms' | 'email';

export const selfQuery = queryOptions({
  queryKey: [SESSION_KEY, 'self'],
  queryFn: ({ signal }) => call(getSelf, { signal }),
});

export function updateSelf(body: SelfUpdate) {
  return call(updateSelfRoute, { body });
}

/** Sends a code to the account's own phone/e-mail, or to `target` when binding a new one. */
export function sendModifyCode(channel: CodeChannel, target?: string) {
  return call(getModifyPasswordCode, { query: { channel, target } });
}
