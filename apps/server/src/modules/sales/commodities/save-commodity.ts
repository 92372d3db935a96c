import {
  type BodyOf,
  type commodityInput,
  type CommodityRow,
  labelText,
  providedOf,
  codeWithName,
  rateChoicesText,
  rateChoiceText,
  type updateCommodity,
} from '@fpy/contracts';
import { commodities, type Db } from '@fpy/db';
import { codeRates, findRateChoice } from '@fpy/domain';
import type { z } from 'zod';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { catalogFor } from '../tax-codes/index.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { nextOwnCode } from './next-own-code.ts';
import { commodityRowOf } from './commodity-rows.ts';
import { usableTaxCode } from './tax-code-check.ts';

export type CommodityValues = z.output<typeof commodityInput>;

/** Checks tax code and rate against the national table; the values to store, or a Chinese 400. */
export async function commodityValues(
  db: Db,
  v: CommodityValues,
  labels = { taxCode: '税收分类编码', rate: '字段 rate：税率' },
) {
  const entry = await usableTaxCode(db, v.taxCode, labels.taxCode);
  // Issue 28 §7: the one rule of the engine (the code's rates, or a levy / preferential rate with its flag).
  const rates = codeRates(entry.code, entry.vatRates);
  const chosen = findRateChoice(rates, v.rate, v.policy);
  if (!chosen)
    throw badRequest('RATE_NOT_ALLOWED', {
      label: labelText(labels.rate),
      given: rateChoiceText(v.rate, v.policy),
      code: codeWithName(entry.code, entry.name),
      options: rateChoicesText(rates.choices),
    });
  return {
    name: v.name,
    shortName: entry.shortName,
    taxCode: entry.code,
    spec: v.spec,
    unit: v.unit,
    unitPrice: v.unitPrice,
    pricingMode: v.pricingMode,
    rate: chosen.rate,
    policy: chosen.policy,
    status: v.status,
    initials: initialsOf(v.name, entry.shortName),
  };
}

const duplicateOwnCode = (code: string) => badRequest('OWN_CODE_DUPLICATE', { code });

/**
 * Adds a commodity. A blank own code gets the next free number; if another save took it meanwhile (the
 * unique index says so, not a prior SELECT) a fresh number is drawn, a few times at most.
 */
export async function createCommodityVerb(ctx: AuthedCtx, v: CommodityValues, db: Db = ctx.db) {
  const values = await commodityValues(db, v);
  const s = scoped(ctx, commodities, db);
  for (let attempt = 0; ; attempt++) {
    const ownCode = v.ownCode ?? (await nextOwnCode(ctx, db));
    try {
      return await s.insert({ ...values, ownCode, createdBy: ctx.actor.userId });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (v.ownCode || attempt >= 4) throw duplicateOwnCode(ownCode);
    }
  }
}

/**
 * Only the fields given change. The stored commodity with them laid over it is checked as a whole (tax code and
 * rate must still fit each other); the given fields are written as that check normalised them, with what they
 * decide: the short name follows the tax code, the search initials follow name and short name.
 */
export async function updateCommodityVerb(ctx: AuthedCtx, id: number, patch: BodyOf<typeof updateCommodity>) {
  const s = scoped(ctx, commodities);
  const current = await s.get(id);
  const given = providedOf(patch);
  const merged: CommodityValues = {
    name: current.name,
    taxCode: current.taxCode,
    spec: current.spec,
    unit: current.unit,
    unitPrice: current.unitPrice,
    pricingMode: current.pricingMode as CommodityValues['pricingMode'],
    rate: current.rate as CommodityValues['rate'],
    policy: current.policy as CommodityValues['policy'],
    ownCode: current.ownCode,
    status: current.status as CommodityValues['status'],
    ...given,
  };
  const values = await commodityValues(ctx.db, merged);
  const changes: Partial<typeof values> & { ownCode?: string } = {};
  for (const k of Object.keys(given) as (keyof typeof given)[]) {
    if (k === 'ownCode') changes.ownCode = given.ownCode ?? current.ownCode;
    else Object.assign(changes, { [k]: values[k] });
  }
  // The rate check may settle the policy (a rate's only policy); keep the pair consistent.
  if ('rate' in given || 'policy' in given || 'taxCode' in given) {
    changes.rate = values.rate;
    changes.policy = values.policy;
  }
  if ('taxCode' in given) changes.shortName = values.shortName;
  if ('name' in given || 'taxCode' in given) changes.initials = values.initials;
  const ownCode = changes.ownCode ?? current.ownCode;
  try {
    return await s.update(id, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateOwnCode(ownCode);
    throw err;
  }
}

export async function toRow(ctx: AuthedCtx, c: typeof commodities.$inferSelect): Promise<CommodityRow> {
  return commodityRowOf(c, await catalogFor(ctx.db));
}
