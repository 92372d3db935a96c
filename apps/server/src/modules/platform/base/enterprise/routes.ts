import {
  DEFAULT_THEME,
  getEnterpriseParameter,
  getTitleProp,
  saveTitleProp,
  themeProp,
  uploadEnterpriseLogo,
  uploadTitleImage,
} from '@fpy/contracts';
import { tenants } from '@fpy/db';
import { SuperAdmin, TenantType } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../../http/context.ts';
import { route } from '../../../../http/route.ts';
import { forbidden } from '../../../../lib/errors.ts';
import type { FileStore } from '../../../../lib/file-store.ts';
import { ownTenant } from '../company/own-tenant.ts';
import { getSetting, putSetting } from '../settings/system-settings.ts';
import { storeImage } from '../uploads/store-image.ts';

const envelope = (t: { logoUrl: string | null; titleImageUrl: string | null } | null) => ({
  code: '0' as const,
  content: { logoUrl: t?.logoUrl ?? null, titleImageUrl: t?.titleImageUrl ?? null },
});

const themeKey = (userId: number) => `theme.user.${userId}`;

/** Spec §6: only customised companies (tenantType 5) carry their own logo; their administrator sets it. */
async function uploadBranding(
  ctx: AuthedCtx,
  req: FastifyRequest,
  uploads: FileStore,
  fixedKind?: 'logo' | 'title',
) {
  const tenant = await ownTenant(ctx);
  if (tenant.tenantType !== TenantType.Customised || ctx.actor.isSuperAdmin !== SuperAdmin.TenantAdmin) {
    throw forbidden('FORBIDDEN.custom_branding');
  }
  const queryKind = (req.query as { kind?: string } | undefined)?.kind;
  const stored = await storeImage(ctx, req, { uploads, kind: 'enterprise-branding', tenantId: tenant.id });
  const kind = fixedKind ?? (stored.fields.kind === 'title' || queryKind === 'title' ? 'title' : 'logo');
  const [t] = await ctx.db
    .update(tenants)
    .set(kind === 'title' ? { titleImageUrl: stored.url } : { logoUrl: stored.url })
    .where(eq(tenants.id, tenant.id))
    .returning();
  // The navbar reads logoUrl from the cached profile.
  ctx.invalidateAuthz();
  return envelope(t);
}

export function registerEnterpriseRoutes(app: FastifyInstance, uploads: FileStore) {
  route(app, getEnterpriseParameter, async (ctx) => {
    if (ctx.actor.tenantId === null) return envelope(null);
    return envelope(await ownTenant(ctx));
  });

  route(app, uploadEnterpriseLogo, (ctx, { req }) => uploadBranding(ctx, req, uploads));
  route(app, uploadTitleImage, (ctx, { req }) => uploadBranding(ctx, req, uploads, 'title'));

  route(app, getTitleProp, async (ctx) => {
    const saved = themeProp.safeParse(await getSetting(ctx.db, themeKey(ctx.actor.userId)));
    return saved.success ? saved.data : DEFAULT_THEME;
  });

  route(app, saveTitleProp, async (ctx, { body }) => {
    const value = { primaryColor: body.primaryColor.toLowerCase(), dark: body.dark };
    await putSetting(ctx.db, themeKey(ctx.actor.userId), value);
    return value;
  });
}
