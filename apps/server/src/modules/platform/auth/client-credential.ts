import type { Db } from '@fpy/db';
import { oauthClients } from '@fpy/db';
import { ErrorStatus } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/hash.ts';

const badClient = () => new AppError(401, ErrorStatus.BadClient, 'CLIENT_INVALID');

/** Checks `Authorization: Basic base64(clientId:clientSecret)` against a registered OAuth client. */
export async function verifyClient(db: Db, header: string | undefined) {
  if (!header?.startsWith('Basic ')) throw badClient();
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 1) throw badClient();
  const [client] = await db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, decoded.slice(0, sep)));
  // A client switched off on /authManager/oauthClientDetailsManager is refused like an unknown one.
  if (!client?.enabled || client.secretHash !== sha256(decoded.slice(sep + 1))) throw badClient();
  return client;
}
