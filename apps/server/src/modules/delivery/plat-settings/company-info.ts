import {
  COMPANY_INFO_KEY,
  type BuyerFacingCompany,
  companyInfoInput,
  getCompanyInfo,
  local,
  saveCompanyInfo,
  uploadCompanyLogo,
} from '@fpy/contracts';
import { type Db, storedFiles, tenants } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../../../http/route.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { FileStore } from '../../../lib/file-store.ts';
import { storeImage } from '../../platform/base/index.ts';
import { iso, ownCompany, readParameter, type Stored, writeParameter } from './parameters.ts';

const LOGO_KIND = 'company-info-logo';

/** A registration value shown as a default only when it passes the form's own rule. */
const ok = <K extends keyof BuyerFacingCompany>(key: K, v: unknown): BuyerFacingCompany[K] | null => {
  const r = (companyInfoInput.shape[key] as z.ZodType).safeParse(v);
  return r.success ? (r.data as BuyerFacingCompany[K]) : null;
};

/**
 * The company information buyers see (delivery pages, message templates' sellerName, e-mail Reply-To). Until the
 * company saves the form, it is derived from the registration (name, logo, phone, e-mail, address).
 */
export async function loadCompanyInfo(db: Db, tenantId: number): Promise<Stored<BuyerFacingCompany>> {
  const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!t) throw notFound('NOT_FOUND.company');
  const fallback: BuyerFacingCompany = {
    displayName: ok('displayName', t.name) ?? t.name.slice(0, 50),
    logoUrl: ok('logoUrl', t.logoUrl),
    hotline: ok('hotline', t.phone ?? t.contactPhone),
    replyEmail: ok('replyEmail', t.email),
    address: ok('address', t.address),
    website: null,
  };
  return readParameter(db, tenantId, COMPANY_INFO_KEY, companyInfoInput, fallback);
}

const reply = (s: Stored<BuyerFacingCompany>) => ({ ...s.value, updatedAt: iso(s.updatedAt) });

export function registerCompanyInfoRoutes(app: FastifyInstance, uploads: FileStore) {
  route(app, getCompanyInfo, async (ctx) => reply(await loadCompanyInfo(ctx.db, ownCompany(ctx))));

  route(app, saveCompanyInfo, async (ctx, { body }) => {
    const tenantId = ownCompany(ctx);
    // A logo is an image this company uploaded here (or its registered logo): a URL typed by hand, or another
    // company's upload, is not shown to buyers in this company's name.
    if (body.logoUrl) {
      const [t] = await ctx.db
        .select({ logoUrl: tenants.logoUrl })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      const key = body.logoUrl.slice('/uploads/'.length);
      const [own] = await ctx.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.storageKey, key), eq(storedFiles.tenantId, tenantId)))
        .limit(1);
      if (!own && t?.logoUrl !== body.logoUrl)
        throw badRequest(
          'VALIDATION_FAILED',
          {
            problem: local(
              '企业标识须为本企业上传的图片，请重新上传',
              'the logo must be an image this company uploaded; please upload it again',
            ),
            field: 'logoUrl',
          },
          { field: 'logoUrl' },
        );
    }
    return reply(await writeParameter(ctx, COMPANY_INFO_KEY, body));
  });

  route(app, uploadCompanyLogo, async (ctx, { req }) => {
    const tenantId = ownCompany(ctx);
    const stored = await storeImage(ctx, req, { uploads, kind: LOGO_KIND, tenantId });
    return { url: stored.url };
  });
}
