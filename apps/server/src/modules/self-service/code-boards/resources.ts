import { codeBoardControls, codeBoards, commodities, tenants } from '@fpy/db';
import {
  allEleCodeBoardsMeta,
  businessCodeBoardsMeta,
  codeBoardControlsMeta,
  codeBoardsMeta,
} from '@fpy/resources';
import { eq, sql } from 'drizzle-orm';
import { bindResource } from '../../../crud/bind.ts';
import { boardHooks, controlHooks } from './hooks.ts';

/** The allowed categories as printed on the invoice (*简称*名称), in id order. */
const categoryNames = sql<string>`(select string_agg('*' || ${commodities.shortName} || '*' || ${commodities.name}, '、' order by ${commodities.id}) from ${commodities} where ${commodities.tenantId} = ${codeBoards.tenantId} and ${commodities.id} = any(string_to_array(${codeBoards.categoryIds}, ',')::int[]))`;

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
