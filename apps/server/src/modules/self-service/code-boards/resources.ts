import { codeBoardControls, codeBoards, commodities, invoiceRequests, tenants } from '@fpy/db';
import {
  allEleCodeBoardsMeta,
  businessCodeBoardsMeta,
  codeBoardControlsMeta,
  codeBoardQueryMeta,
  codeBoardsMeta,
} from '@fpy/resources';
import { eq, type SQL, sql } from 'drizzle-orm';
import { bindResource } from '../../../crud/bind.ts';
import { boardHooks, controlHooks } from './hooks.ts';

/**
 * A column of the listed board inside a correlated subquery, qualified by hand: Drizzle renders the list's own
 * columns unqualified, which inside the subquery would name the inner table's column of the same name.
 */
const outer = (column: 'id' | 'tenant_id' | 'category_ids') => sql.raw(`"code_boards"."${column}"`);

/** The allowed categories as printed on the invoice (*简称*名称), in id order. */
const categoryNames = sql<string>`(select string_agg('*' || ${commodities.shortName} || '*' || ${commodities.name}, '、' order by ${commodities.id}) from ${commodities} where ${commodities.tenantId} = ${outer('tenant_id')} and ${commodities.id} = any(string_to_array(${outer('category_ids')}, ',')::int[]))`;

const keyword = [codeBoards.name, codeBoards.businessLine, codeBoards.code];

/** 码牌管理: every board of the company. */
export const codeBoardsResource = bindResource(codeBoardsMeta, codeBoards, {
  hooks: boardHooks(),
  keyword,
  computed: { categoryNames },
});

/** 全电发票码牌: the same table, the boards issuing 全电 invoices; one made here issues 全电. */
export const allEleCodeBoardsResource = bindResource(allEleCodeBoardsMeta, codeBoards, {
  hooks: boardHooks({ invoiceKind: 'allEle' }),
  keyword,
  computed: { categoryNames },
  where: eq(codeBoards.invoiceKind, 'allEle'),
});

/** 业务码牌: the same table, the boards of a business line; one made here is a business-line board. */
export const businessCodeBoardsResource = bindResource(businessCodeBoardsMeta, codeBoards, {
  hooks: boardHooks({ kind: 'business' }),
  keyword,
  computed: { categoryNames },
  where: eq(codeBoards.kind, 'business'),
});

/** 码牌管控: one row per company, its name joined. */
export const codeBoardControlsResource = bindResource(codeBoardControlsMeta, codeBoardControls, {
  hooks: controlHooks,
  join: {
    table: tenants,
    on: eq(tenants.id, codeBoardControls.tenantId),
    columns: { tenantName: tenants.name },
  },
});

/** One figure over the board's requests (invoice_requests, read; written by invoice-requests only). */
const ofRequests = (figure: SQL, where: SQL = sql`true`) =>
  sql<number>`(select ${figure} from ${invoiceRequests} where ${invoiceRequests.source} = 'board' and ${invoiceRequests.sourceId} = ${outer('id')} and ${invoiceRequests.tenantId} = ${outer('tenant_id')} and ${where})`.mapWith(
    Number,
  );
const issued = sql`${invoiceRequests.state} = 'issued'`;

/** 码牌查询: every board with what was asked through it. */
export const codeBoardQueryResource = bindResource(codeBoardQueryMeta, codeBoards, {
  keyword,
  computed: {
    requestCount: ofRequests(sql`count(*)::int`),
    pendingCount: ofRequests(sql`count(*)::int`, sql`${invoiceRequests.state} = 'pending'`),
    issuedCount: ofRequests(sql`count(*)::int`, issued),
    requestedFen: ofRequests(
      sql`coalesce(sum(${invoiceRequests.amountFen}), 0)::bigint`,
      sql`${invoiceRequests.state} <> 'rejected'`,
    ),
    issuedFen: ofRequests(sql`coalesce(sum(${invoiceRequests.amountFen}), 0)::bigint`, issued),
  },
});
