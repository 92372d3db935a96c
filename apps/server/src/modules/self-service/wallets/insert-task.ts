import type { WalletPlatform } from '@fpy/contracts';
import { type Db, invoices, walletCards } from '@fpy/db';
import { DEFAULT_RETRY_POLICY } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { FailoverExhausted, GatewayRefusal } from '../../../gateways/kit/index.ts';
import type { WalletInvoice } from '../../../gateways/wallet/gateway.ts';
import type { Services } from '../../../http/context.ts';
import type { Tx } from '../../../lib/write/index.ts';
import type { OutboxPolicy, OutboxTask, Outcome, Settled } from '../../platform/outbox/index.ts';

/** The outbox kind that puts one card into a bag (one task per card and round: ref `<card id>:<retries>`). */
export const WALLET_INSERT_KIND = 'self-service.wallet-insert';

export const walletInsertPolicy: OutboxPolicy = {
  ...DEFAULT_RETRY_POLICY,
  queueDelayMaxMs: 60_000,
  now: () => new Date(),
  random: Math.random,
};

/** What the task carries: the card and the invoice as the card shows it (nothing read again from sales). */
export interface InsertPayload {
  cardId: number;
  invoice: Omit<WalletInvoice, 'issuedAt'> & { issuedAt: string };
}

export const taskRef = (cardId: number, retries: number) => `${cardId}:${retries}`;

const triedOf = (err: unknown) =>
  err instanceof FailoverExhausted
    ? err.tried.map((t) => ({ providerId: t.providerId, code: t.code, message: t.message }))
    : [];

/**
 * One attempt, outside any transaction: the card still pending → the gateway (the tenant's accounts with
 * failover, else the sandbox). Accepted: the card records the account, the platform's card id and the per-call
 * log; its outcome comes by callback (or at once when the platform says inserted). A refusal of the request or of
 * every account fails the task; transient trouble retries with backoff, then the dead letter.
 */
export async function runInsertTask(services: Services, task: OutboxTask): Promise<Outcome> {
  const p = task.payload as InsertPayload;
  const [card] = await services.db.select().from(walletCards).where(eq(walletCards.id, p.cardId));
  if (card?.state !== 'pending') return { state: 'done' };
  try {
    const answer = await services.gateways.wallet.insertCard(card.tenantId, {
      platform: card.platform as WalletPlatform,
      ref: card.ref,
      buyerRef: card.buyerRef,
      invoice: { ...p.invoice, issuedAt: new Date(p.invoice.issuedAt) },
    });
    await services.db
      .update(walletCards)
      .set({
        accountId: answer.providerId,
        accountKind: answer.providerKind,
        tried: answer.tried,
        failCode: null,
        failReason: null,
        ...(answer.cardId ? { cardId: answer.cardId } : {}),
        ...(answer.state === 'inserted' ? { state: 'inserted', insertedAt: new Date() } : {}),
      })
      .where(and(eq(walletCards.id, card.id), eq(walletCards.state, 'pending')));
    return { state: 'done' };
  } catch (err) {
    if (!(err instanceof GatewayRefusal)) throw err;
    const detail = { tried: triedOf(err) };
    return err.retryable
      ? { state: 'retry', code: err.code, message: err.message, detail }
      : { state: 'failed', code: err.code, message: err.message, detail };
  }
}

/** The card mirrors its task: failed or dead → failed with the reason and the log; a retry keeps the last error. */
export async function settleInsertTask(tx: Tx, task: OutboxTask, settled: Settled) {
  if (settled.state === 'done') return;
  const p = task.payload as InsertPayload;
  const tried = (settled.detail as { tried?: unknown[] } | undefined)?.tried;
  await tx
    .update(walletCards)
    .set({
      ...(settled.state === 'pending' ? {} : { state: 'failed' }),
      failCode: settled.code.slice(0, 64),
      failReason: settled.message.slice(0, 500),
      ...(tried?.length ? { tried } : {}),
    })
    .where(and(eq(walletCards.id, p.cardId), eq(walletCards.state, 'pending')));
}

/** The invoice as a card shows it, read in the card's tenant (a retry carries it as it stands now). */
export async function walletInvoice(
  db: Db,
  card: { tenantId: number; invoiceId: number; invoiceNumber: string },
): Promise<InsertPayload['invoice']> {
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, card.invoiceId), eq(invoices.tenantId, card.tenantId)));
  return {
    invoiceId: card.invoiceId,
    number: inv?.number ?? card.invoiceNumber,
    issuedAt: (inv?.issuedAt ?? new Date()).toISOString(),
    type: inv?.type ?? '',
    sellerName: inv?.sellerName ?? '',
    buyerName: inv?.buyerName ?? '',
    totalFen: inv?.totalFen ?? 0,
    taxFen: inv?.taxFen ?? 0,
  };
}
