import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { provideCardBagOffer } from '../../delivery/buyer-links/index.ts';
import { registerOutboxKind } from '../../platform/outbox/index.ts';
import { anyEnabledAccount } from './accounts.ts';
import { applyNotice } from './cards.ts';
import { WalletGatewayImpl } from './gateway.ts';
import { runInsertTask, settleInsertTask, WALLET_INSERT_KIND, walletInsertPolicy } from './insert-task.ts';
import { insertable } from './public.ts';
import { registerWalletRoutes } from './routes.ts';
import { sweepWalletCards, WALLET_SWEEP, WALLET_SWEEP_INTERVAL_MS } from './sweep.ts';

/**
 * 电子发票卡包 (issue 30, lane WALLETS): WeChat Pay and Alipay card bags. What others use:
 * - `createWalletGateway(db, opts)` — the gateway app.ts registers as `services.gateways.wallet`;
 * - `SANDBOX_ACCOUNT_ID`, `WalletSandbox` — the embedded sandbox (tests flush its callbacks);
 * - `seedWalletDemo(db, tenantId)` — the demo tenant's accounts and insertions (apps/server/src/seed).
 * See README.md.
 */
export { createWalletGateway, type WalletGatewayOptions, WalletGatewayImpl } from './gateway.ts';
export { SANDBOX_ACCOUNT_ID, type SignedNotice, WalletSandbox } from './adapters/sandbox.ts';
export { WALLET_INSERT_KIND, walletInsertPolicy } from './insert-task.ts';
export { seedWalletDemo } from './seed.ts';
export { sweepWalletCards, WALLET_STALE_MS, WALLET_SWEEP, type WalletSweepResult } from './sweep.ts';

export async function registerWalletsModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerOutboxKind(app, services, {
    kind: WALLET_INSERT_KIND,
    policy: walletInsertPolicy,
    run: (task) => runInsertTask(services, task),
    onSettled: settleInsertTask,
    mirrorsDone: false,
  });
  // Verified callbacks (pushed to the route, or by the sandbox in process) move the cards. The gateway is read at
  // register: a test that swaps it in registers its own handler.
  const gateway = services.gateways.wallet;
  if (gateway instanceof WalletGatewayImpl)
    gateway.onNotice((n) => applyNotice(services.db, n).then(() => {}));
  // Reconciliation of insertions whose callback was lost: once per tick across instances (the scheduler's claim).
  services.scheduler.every(WALLET_SWEEP, WALLET_SWEEP_INTERVAL_MS, async (now) => {
    await sweepWalletCards(services, now, {
      onError: (cardId, err) => app.log.warn({ err, cardId }, 'wallet card query failed'),
    });
  });
  // The delivery page of a link offers 存入卡包 when its one invoice can go in and the company set a bag up.
  provideCardBagOffer(
    async (db, link, invoices) =>
      invoices.length === 1 && insertable(invoices[0]) && (await anyEnabledAccount(db, link.tenantId)),
  );
  await registerWalletRoutes(app);
}
