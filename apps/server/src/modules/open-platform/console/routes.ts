import {
  createOauthClient,
  createOpenApp,
  getOpenAppGroups,
  listLicensableApps,
  listOpenDeveloperOptions,
  listOpenOperationOptions,
  listOpenTenantOptions,
  resetOauthClientSecret,
  resetOpenAppSecret,
  setOpenAppGroups,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../crud/register.ts';
import { route } from '../../../http/route.ts';
import { appOptions, developerOptions, operationOptions, tenantOptions } from './options.ts';
import { openConsoleResources } from './resources.ts';
import { appGroups, createApp, resetAppSecret, setAppGroups } from './verbs/apps.ts';
import * as oauth from './verbs/oauth-clients.ts';

export function registerOpenConsoleRoutes(app: FastifyInstance) {
  // Declared resources first: the verbs below share their base paths (POST <base> is the create verb).
  for (const r of openConsoleResources) registerResource(app, r);
  route(app, createOpenApp, (ctx, { body }) => createApp(ctx, body));
  route(app, resetOpenAppSecret, (ctx, { params }) => resetAppSecret(ctx, params.id));
  route(app, getOpenAppGroups, (ctx, { params }) => appGroups(ctx, params.id));
  route(app, setOpenAppGroups, (ctx, { params, body }) => setAppGroups(ctx, params.id, body));
  route(app, createOauthClient, (ctx, { body }) => oauth.createOauthClient(ctx, body));
  route(app, resetOauthClientSecret, (ctx, { params }) => oauth.resetOauthClientSecret(ctx, params.id));
  route(app, listOpenDeveloperOptions, (ctx, { query }) => developerOptions(ctx, query.keyword));
  route(app, listOpenTenantOptions, (ctx, { query }) => tenantOptions(ctx, query.keyword));
  route(app, listLicensableApps, (ctx, { query }) => appOptions(ctx, query.keyword, query.all === '1'));
  route(app, listOpenOperationOptions, (ctx) => operationOptions(ctx));
}
