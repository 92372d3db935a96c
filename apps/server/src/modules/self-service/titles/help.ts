import {
  type BuyerTitleForm,
  TITLE_SEARCH_LIMIT,
  TITLE_SEARCH_MIN,
  type TitleSuggestion,
} from '@fpy/contracts';
import { knownCompanies, tenants } from '@fpy/db';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { likePattern } from '../../../data/paging.ts';
import { notFound, tooManyRequests } from '../../../lib/errors.ts';
import { customerTitlesLike } from '../../sales/customers/index.ts';
import { tenantOfCode } from './code-resolvers.ts';
import { readTitleSettings } from './settings.ts';

/**
 * Guessing codes through the title help: every unknown code costs the caller's IP one point; past the budget
 * every title-help call from that IP is refused until the window ends (a buyer holds one real code).
 */
export const TITLE_MISS_BUDGET = 20;
export const TITLE_MISS_WINDOW_SECONDS = 600;
/**
 * Calls per code and minute (form + search together): a busy counter's board serves many buyers, each typing;
 * this bounds what one leaked code can be used to scrape.
 */
export const TITLE_CODE_BUDGET = 300;

/**
 * The tenant of `code`, or the one refusal every unusable code gets (unknown, forged, of the wrong shape,
 * voided, expired, switched off): 404 TITLE_CODE_UNKNOWN after the same steps, so neither the answer nor its
 * shape tells a guesser whether a code exists or whose it is.
 */
async function tenantFor(ctx: Ctx, code: string): Promise<number> {
  const misses = ctx.limiter('title-help-miss', TITLE_MISS_BUDGET, TITLE_MISS_WINDOW_SECONDS);
  if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const tenantId = /^[0-9A-Za-z_-]{6,64}$/.test(code) ? await tenantOfCode(ctx.db, code) : null;
  if (tenantId === null) {
    if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
    throw notFound('TITLE_CODE_UNKNOWN');
  }
  const perCode = ctx.limiter('title-help-code', TITLE_CODE_BUDGET, 60);
  if (!(await perCode.consume(code)).ok) throw tooManyRequests();
  return tenantId;
}

export async function buyerForm(ctx: Ctx, code: string): Promise<BuyerTitleForm> {
  const tenantId = await tenantFor(ctx, code);
  const s = await readTitleSettings(ctx.db, tenantId);
  const [t] = await ctx.db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  const inv = s.scanInvoice;
  return {
    sellerName: inv.shopName ?? t?.name ?? '',
    enabled: inv.enabled,
    rules: s.scanTitle,
    helps: { search: inv.titleSearch, upload: inv.titleUpload, remember: inv.rememberTitles },
    welcome: inv.welcome,
    notice: inv.notice,
    contactPhone: inv.contactPhone,
  };
}

/**
 * Company titles whose name or tax number contains `q`: the code's tenant's customers first, then the
 * companies the platform knows, one entry per tax number, names and tax numbers only (README: the choice).
 */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchTitles(ctx: Ctx, code: string, rawQ: string): Promise<TitleSuggestion[]> {
  const tenantId = await tenantFor(ctx, code);
  const q = rawQ.replace(/\s+/g, ' ').trim();
  if ([...q].length < TITLE_SEARCH_MIN) return [];
  const s = await readTitleSettings(ctx.db, tenantId);
  if (!s.scanInvoice.enabled || !s.scanInvoice.titleSearch) return [];
  const own = await customerTitlesLike(ctx.db, tenantId, q, TITLE_SEARCH_LIMIT);
  const out: TitleSuggestion[] = own.map((c) => ({ ...c, source: 'customer' }));
  const seen = new Set(out.map((c) => c.taxNumber.toUpperCase()));
  if (out.length < TITLE_SEARCH_LIMIT) {
    const p = likePattern(q);
    const known = await ctx.db
      .select({ name: knownCompanies.name, taxNumber: knownCompanies.taxNumber })
      .from(knownCompanies)
      .where(
        or(ilike(knownCompanies.name, p), ilike(knownCompanies.taxNumber, `${escapeLike(q.toUpperCase())}%`)),
      )
      .orderBy(
        sql`case when ${knownCompanies.name} ilike ${`${q.replace(/[\\%_]/g, '')}%`} then 0 else 1 end`,
        sql`length(${knownCompanies.name})`,
        asc(knownCompanies.id),
      )
      .limit(TITLE_SEARCH_LIMIT);
    for (const k of known) {
      if (out.length >= TITLE_SEARCH_LIMIT) break;
      if (seen.has(k.taxNumber)) continue;
      seen.add(k.taxNumber);
      out.push({ ...k, source: 'known' });
    }
  }
  return out;
}
