import { local } from '@fpy/contracts';
import { isAmountOutOfRange } from '@fpy/domain';
import { badRequest } from '../../../lib/errors.ts';

/**
 * Runs a calculation and answers an amount the money code cannot represent (价税合计 past what can be written in
 * words, a figure past a safe integer) with a 400 carrying the domain's Chinese message, never a 500. The
 * contracts bound every field first; this catches what their combination can still reach (quantity × price).
 */
export function refuseOutOfRange<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (isAmountOutOfRange(err))
      throw badRequest('AMOUNT_OUT_OF_RANGE', {
        problem: local(err.message, 'The amount is out of range: at most 12 integer digits'),
      });
    throw err;
  }
}
