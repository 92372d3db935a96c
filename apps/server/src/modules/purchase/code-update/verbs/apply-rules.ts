import { CODE_APPLY_SAMPLES, type applyCodeRulesBody } from '@fpy/contracts';
import { receivedCodeRules, receivedInvoices, receivedLineCodings } from '@fpy/db';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { emitAudit, type Tx, withTransaction } from '../../../../lib/write/index.ts';

type Body = z.output<typeof applyCodeRulesBody>;

const ri = receivedInvoices;
const rule = receivedCodeRules;
const coding = receivedLineCodings;

/**
 * Every line of the tenant's received invoices in range with the first rule (priority, then id) that matches it
 * and the codes it holds now. A rule matches a line when its supplier (if any) is the seller and either the
 * line's 税收分类简称 — the text between the leading asterisks of the name — equals the rule's value, or (keyword)
 * the name contains it. One statement; no rows are loaded.
 */
function matchedLines(tenantId: number, b: Body): SQL {
  const range = [
    b.periodFrom ? sql` and ${ri.period} >= ${b.periodFrom}` : sql``,
    b.periodTo ? sql` and ${ri.period} <= ${b.periodTo}` : sql``,
  ];
  return sql`
    with lines as (
      select ${ri.id} as invoice_id, ${ri.number} as number, ${ri.sellerName} as seller_name,
             ${ri.sellerTaxNumber} as seller_tax_number, (l.ord - 1)::int as line_no,
             coalesce(l.value->>'name', '') as name,
             substring(coalesce(l.value->>'name', '') from '^\\*([^*]+)\\*') as category
      from ${ri} cross join lateral jsonb_array_elements(${ri.lines}) with ordinality as l(value, ord)
      where ${ri.tenantId} = ${tenantId}${range[0]}${range[1]}
    ),
    matched as (
      select distinct on (lines.invoice_id, lines.line_no) lines.*, r.id as rule_id, r.subject_code,
             r.subject_name, r.material_code
      from lines join ${rule} r on r.tenant_id = ${tenantId}
        and (r.seller_tax_number is null or r.seller_tax_number = lines.seller_tax_number)
        and ((r.match_kind = 'category' and lines.category = r.match_value)
          or (r.match_kind = 'keyword' and strpos(lines.name, r.match_value) > 0))
      order by lines.invoice_id, lines.line_no, r.priority, r.id
    )
    select m.*, c.subject_code as from_code, c.subject_name as from_name, c.material_code as from_material,
           c.rule_id as from_rule,
           (c.id is null or c.subject_code <> m.subject_code or c.subject_name <> m.subject_name
             or c.material_code is distinct from m.material_code or c.rule_id is distinct from m.rule_id) as differs
    from matched m left join ${coding} c on c.tenant_id = ${tenantId}
      and c.received_invoice_id = m.invoice_id and c.line_no = m.line_no`;
}

const rowsOf = async (db: AuthedCtx['db'] | Tx, q: SQL) =>
  ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * 批量更新编码: the rules applied to the received lines in range. Preview counts and shows what would change;
 * otherwise, in one transaction, every changing line's codes are written (one row per line, upserted) with one
 * audit row naming the range, the counts and the rules used. Lines already coded keep their codes unless
 * `overwrite`.
 */
export async function applyRules(ctx: AuthedCtx, b: Body) {
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) throw badRequest('TENANT_REQUIRED');
  const changing = sql`(differs and (from_code is null or ${b.overwrite}))`;
  const summarise = async (db: AuthedCtx['db'] | Tx) => {
    const [counts] = await rowsOf(
      db,
      sql`with x as (${matchedLines(tenantId, b)})
          select (select count(*) from ${ri} cross join lateral jsonb_array_elements(${ri.lines})
                  where ${ri.tenantId} = ${tenantId}
                  ${b.periodFrom ? sql`and ${ri.period} >= ${b.periodFrom}` : sql``}
                  ${b.periodTo ? sql`and ${ri.period} <= ${b.periodTo}` : sql``})::int as lines,
                 (select count(*) from x)::int as matched,
                 (select count(*) from x where ${changing})::int as changed,
                 (select count(*) from x where differs and from_code is not null and not ${b.overwrite})::int as kept`,
    );
    const byRule = await rowsOf(
      db,
      sql`with x as (${matchedLines(tenantId, b)})
          select rule_id, subject_code, subject_name, count(*)::int as lines from x where ${changing}
          group by rule_id, subject_code, subject_name order by rule_id`,
    );
    const samples = await rowsOf(
      db,
      sql`with x as (${matchedLines(tenantId, b)})
          select * from x where ${changing} order by invoice_id desc, line_no limit ${CODE_APPLY_SAMPLES}`,
    );
    return {
      lines: Number(counts.lines),
      matched: Number(counts.matched),
      changed: Number(counts.changed),
      kept: Number(counts.kept),
      byRule: byRule.map((r) => ({
        ruleId: Number(r.rule_id),
        subjectCode: String(r.subject_code),
        subjectName: String(r.subject_name),
        lines: Number(r.lines),
      })),
      samples: samples.map((r) => ({
        receivedInvoiceId: Number(r.invoice_id),
        number: String(r.number),
        sellerName: String(r.seller_name),
        lineNo: Number(r.line_no),
        lineName: String(r.name),
        fromCode: (r.from_code as string | null) ?? null,
        fromName: (r.from_name as string | null) ?? null,
        toCode: String(r.subject_code),
        toName: String(r.subject_name),
        materialCode: (r.material_code as string | null) ?? null,
        ruleId: Number(r.rule_id),
      })),
    };
  };
  if (b.preview) return { preview: true, ...(await summarise(ctx.db)) };

  return withTransaction(ctx, async (tx) => {
    // One apply at a time per company: two concurrent applies would otherwise count the same lines twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('received_code_apply'), ${tenantId}::int)`);
    const out = await summarise(tx);
    if (out.changed)
      await tx.execute(sql`
        with x as (${matchedLines(tenantId, b)})
        insert into ${coding} (tenant_id, received_invoice_id, line_no, rule_id, subject_code, subject_name,
          material_code, coded_by)
        select ${tenantId}, invoice_id, line_no, rule_id, subject_code, subject_name, material_code,
          ${ctx.actor.userId}::int
        from x where ${changing}
        on conflict (tenant_id, received_invoice_id, line_no) do update set
          rule_id = excluded.rule_id, subject_code = excluded.subject_code, subject_name = excluded.subject_name,
          material_code = excluded.material_code, coded_by = excluded.coded_by, updated_at = now()`);
    await emitAudit(
      tx,
      { actor: { userId: ctx.actor.userId, name: ctx.actor.name }, ip: ctx.ip },
      {
        tenantId,
        resource: 'receivedLineCodings',
        recordId: 0,
        action: 'apply',
        changes: {
          periodFrom: b.periodFrom ?? null,
          periodTo: b.periodTo ?? null,
          overwrite: b.overwrite,
          changed: out.changed,
          kept: out.kept,
          rules: out.byRule.map((r) => ({ ruleId: r.ruleId, lines: r.lines })),
        },
      },
    );
    return { preview: false, ...out };
  });
}
