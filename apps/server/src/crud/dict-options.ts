import { dictItems, dictTypes } from '@fpy/db';
import { getDictOptions } from '@fpy/resources';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';

/** Select options for forms: the enabled items of a type, in their order; an unknown type is an empty list. */
export function registerDictOptions(app: FastifyInstance) {
  route(app, getDictOptions, (ctx, { params }) =>
    ctx.db
      .select({ value: dictItems.value, labelZh: dictItems.labelZh, labelEn: dictItems.labelEn })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictItems.typeId, dictTypes.id))
      .where(and(eq(dictTypes.code, params.typeCode), eq(dictItems.enabled, true)))
      .orderBy(asc(dictItems.sortOrder), asc(dictItems.id)),
  );
}
