/** The gateway kit (README.md): what every outside service's accounts share, whatever the vendor. */
export { accountVersion, type GatewayAccount, tryOrder } from './accounts.ts';
export type { CallObserver, CallRecord } from './call-log.ts';
export { type Closable, LiveClients } from './clients.ts';
export { hostOf, vetDestination } from './destination.ts';
export {
  callOne,
  DEFAULT_TIMEOUT_MS,
  failover,
  FailoverExhausted,
  type FailoverOptions,
  orderOrSandbox,
  withTimeout,
} from './failover.ts';
export { type PendingSource, type ReceiptHandler, receiptHooks } from './receipts.ts';
export {
  asRefusal,
  GatewayError,
  GatewayRefusal,
  type RefusalScope,
  refuse,
  vendorRefusal,
} from './refusal.ts';
export {
  configFieldPath,
  type FieldPath,
  keepMaskedSecrets,
  type MaskedConfig,
  maskSecrets,
} from './secrets.ts';
