import type { ReviewOutcome, ReviewReply } from '@fpy/contracts';
import type { InvoiceStatus } from '@fpy/domain';
import type { AuthedCtx } from '../../../../http/context.ts';
import { AppError } from '../../../../lib/errors.ts';

/**
 * Runs a review verb for each id on its own (one transaction each): one application reviewed by someone else
 * meanwhile must not undo the others. Refusals are reported per id; an unexpected error is logged and reported
 * without its details.
 */
export async function forEachApplication(
  ctx: AuthedCtx,
  ids: number[],
  act: (id: number) => Promise<{ status: string }>,
): Promise<ReviewReply> {
  const results: ReviewOutcome[] = [];
  for (const id of ids) {
    try {
      const row = await act(id);
      results.push({ id, ok: true, status: row.status as InvoiceStatus });
    } catch (err) {
      if (!(err instanceof AppError)) ctx.log.error({ err, invoiceId: id }, 'review action failed');
      results.push({
        id,
        ok: false,
        code: err instanceof AppError ? err.code : 'INTERNAL',
        message: err instanceof AppError ? err.message : '处理失败：服务器内部错误，请稍后重试',
      });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}
