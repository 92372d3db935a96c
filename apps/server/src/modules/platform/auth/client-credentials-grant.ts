import type { Ctx } from '../../../http/context.ts';

export interface ClientCredentialsInput {
  authorization: string | undefined;
  clientId?: string;
  clientSecret?: string;
}

export interface ClientCredentialsReply {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope?: string;
}

export type ClientCredentialsGrant = (
  ctx: Ctx,
  input: ClientCredentialsInput,
) => Promise<ClientCredentialsReply>;

/**
 * grant_type=client_credentials on POST /api/auth/oauth/token belongs to the open platform (its apps and
 * tokens); it registers the grant here through onClientCredentialsGrant, so this module never imports it.
 */
export let clientCredentialsGrant: ClientCredentialsGrant | null = null;

export function onClientCredentialsGrant(grant: ClientCredentialsGrant) {
  clientCredentialsGrant = grant;
}
