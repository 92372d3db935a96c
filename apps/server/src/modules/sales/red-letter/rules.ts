import type { ApplyRedFormBody, RedReason } from '@fpy/contracts';
import { formatMessage, type Lang } from '@fpy/contracts';
import { buildRedLines, redReasonProblem } from '@fpy/domain';
import { badRequest } from '../../../lib/errors.ts';
import type { BlueLine, FormLine } from './blue-lines.ts';

export const REASON_LABEL: Record<RedReason, string> = {
  issue_error: '开票有误',
  sales_return: '销货退回',
  service_suspension: '服务中止',
  sales_discount: '销售折让',
};

/**
 * Why `reason` cannot be used on this blue invoice, in the reader's language, or null. The rule itself is
 * packages/domain red-letter (the fill page previews with the same code).
 */
export function reasonProblem(reason: RedReason, lines: BlueLine[], lang: Lang = 'zh'): string | null {
  const p = redReasonProblem(reason, lines);
  return p ? formatMessage(`RED_FORM_INVALID.${p.problem}`, undefined, lang) : null;
}

/**
 * The form's lines from the request, every figure checked against what remains: the domain rule decides, a
 * refusal becomes a 400 naming the blue line (RED_FORM_INVALID with the rule's sub-key).
 */
export function buildFormLines(
  blue: BlueLine[],
  input: Pick<ApplyRedFormBody, 'reason' | 'lines'>,
): { lines: FormLine[]; partial: boolean } {
  const built = buildRedLines(blue, input);
  if (!built.ok) throw badRequest(`RED_FORM_INVALID.${built.problem}`, built.params as never);
  return { lines: built.lines, partial: built.partial };
}
