export { type AuditCtx, type AuditEntry, emitAudit } from './audit.ts';
export { type Tx, withTransaction } from './transaction.ts';
