import type { getBoardRequest, getPublicBoard, submitBoardRequest } from '@fpy/contracts';
import { BOARD_API, BOARD_PAGES } from '@fpy/contracts/board-api';
import type { ApplyVariant } from '@fpy/contracts/apply-pages';
import { lightCall, type LightReply } from '../../kit/http.ts';

/** The buyer's three board calls through the kit's light client (method and path from the zod-free contract). */
export type Board = LightReply<typeof getPublicBoard>;
export type BoardRequest = LightReply<typeof submitBoardRequest>;
export type SubmitBody = Parameters<typeof lightCall<typeof submitBoardRequest>>[1]['body'];
type Lang = 'zh' | 'en';

export const fetchBoard = (code: string, lang: Lang) =>
  lightCall<typeof getPublicBoard>(BOARD_API.board, { params: { code }, lang });

export const submitRequest = (code: string, body: NonNullable<SubmitBody>, lang: Lang) =>
  lightCall<typeof submitBoardRequest>(BOARD_API.submit, { params: { code }, body, lang });

export const fetchRequest = (code: string, token: string, lang: Lang) =>
  lightCall<typeof getBoardRequest>(BOARD_API.request, { params: { code, token }, lang });

/**
 * Which page comes next, by the page the buyer is on: the 全电 trio (/allEleCodeBoardPlat → /allEleBusinessBind
 * → /allEleBindSuccess), the plate trio (/enterpriseCodePlate → /serviceItemPrice → /bindingSuccess) and the
 * SPJ trio (/codeBoardBinding → /applicationInvoiceSpj → /officialAccountsSpj). A 全电 board opened on a plate page
 * keeps the 全电 pages from the form on.
 */
export function flowOf(path: string, board?: Pick<Board, 'invoiceKind'>) {
  const spj = [BOARD_PAGES.binding, BOARD_PAGES.formSpj, BOARD_PAGES.statusFollow].some((p) => p === path);
  const allEle =
    [BOARD_PAGES.allElePlate, BOARD_PAGES.allEleForm, BOARD_PAGES.allEleStatus].some((p) => p === path) ||
    (!spj && board?.invoiceKind === 'allEle');
  if (allEle)
    return { plate: BOARD_PAGES.allElePlate, form: BOARD_PAGES.allEleForm, status: BOARD_PAGES.allEleStatus };
  if (spj) return { plate: BOARD_PAGES.binding, form: BOARD_PAGES.formSpj, status: BOARD_PAGES.statusFollow };
  return { plate: BOARD_PAGES.plate, form: BOARD_PAGES.form, status: BOARD_PAGES.status };
}

export type { ApplyVariant };
