import { applyCodeRules } from '@fpy/contracts';
import { receivedCodeRules, receivedLineCodings } from '@fpy/db';
import { codeRulesMeta } from '@fpy/resources';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bindResource } from '../../../crud/bind.ts';
import { registerResource } from '../../../crud/register.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { provideLineCodes } from '../received-invoices/index.ts';
import { applyRules } from './verbs/apply-rules.ts';

/**
 * 商品编码更新 (issue 31, lane PSTATS; /receiptsInvoice/codeUpdate): the company's 入账编码规则 as a declared
 * resource (packages/resources defs/purchase/code-rules.ts) with each rule's coded-line count, and the verb that
 * applies the rules to the received invoices' lines (preview, then write).
 */
export const codeRulesResource = bindResource(codeRulesMeta, receivedCodeRules, {
  keyword: [receivedCodeRules.matchValue, receivedCodeRules.subjectCode, receivedCodeRules.subjectName],
  computed: {
    // Qualified by hand: inside the subquery a bare column would name the codings' own id.
    codedLines: sql<number>`(select count(*)::int from ${receivedLineCodings} c where c.tenant_id = ${sql.raw('"received_code_rules"."tenant_id"')} and c.rule_id = ${sql.raw('"received_code_rules"."id"')})`,
  },
  hooks: {
    // The lines a deleted rule coded keep their codes; they only stop naming the rule.
    async beforeDelete(ctx, row) {
      await ctx.db
        .update(receivedLineCodings)
        .set({ ruleId: null })
        .where(
          and(
            eq(receivedLineCodings.tenantId, row.tenantId as number),
            eq(receivedLineCodings.ruleId, row.id as number),
          ),
        );
    },
  },
});

export { applyRules } from './verbs/apply-rules.ts';

export function registerCodeUpdateModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerResource(app, codeRulesResource);
  // 发票查询's detail shows each line's codes.
  provideLineCodes((db, tenantId, receivedInvoiceId) =>
    db
      .select({
        lineNo: receivedLineCodings.lineNo,
        subjectCode: receivedLineCodings.subjectCode,
        subjectName: receivedLineCodings.subjectName,
        materialCode: receivedLineCodings.materialCode,
      })
      .from(receivedLineCodings)
      .where(
        and(
          eq(receivedLineCodings.tenantId, tenantId),
          eq(receivedLineCodings.receivedInvoiceId, receivedInvoiceId),
        ),
      )
      .orderBy(asc(receivedLineCodings.lineNo)),
  );
  route(app, applyCodeRules, (ctx, { body }) => applyRules(ctx, body));
}
