import type { Consumed } from '../sms-admin/index.ts';

/**
 * The SMS quota a send takes and gives back. The balance rows belong to sms-admin (one writer per table,
 * issue 29 §4): the conditional take and the refund are its face's consumeSmsBalance / refundSmsBalance.
 */
export {
  type Consumed,
  consumeSmsBalance as consumeSms,
  refundSmsBalance as refundSms,
} from '../sms-admin/index.ts';

/** True when this consumption took the balance from at or above the warning level to below it. */
export const crossedWarning = (after: Consumed, units: number) =>
  after.balance < after.warnBelow && after.balance + units >= after.warnBelow;
