import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { SESSION_KEY } from '../../lib/permission.tsx';

export interface SelfReply {
  username: string;
  name: string;
  phone: string | null;
  email: string | null;
  recentLogins: { time: string; ip: string; userAgent: string }[];
}

export interface SelfUpdate {
  name: string;
  phone: string | null;
  email: string | null;
  /** Required by the server when the phone or e-mail changes: proves the new address is the user's. */
  code?: string;
}

export type CodeChannel = 'sms' | 'email';

export const selfQuery = queryOptions({
  queryKey: [SESSION_KEY, 'self'],
  queryFn: () => http.get<SelfReply>('/api/admin/user/self'),
});

export function updateSelf(body: SelfUpdate) {
  return http.put('/api/admin/user/self', { body });
}

/** Sends a code to the account's own phone/e-mail, or to `target` when binding a new one. */
export function sendModifyCode(channel: CodeChannel, target?: string) {
  return http.get<{ sent: true; channel: CodeChannel; maskedTarget: string }>(
    '/api/admin/client/getModifyPasswordCode',
    {
      query: { channel, target },
    },
  );
}
