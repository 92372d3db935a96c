import type { WalletPlatform } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import {
  DEFAULT_TIMEOUT_MS,
  failover,
  LiveClients,
  orderOrSandbox,
  refuse,
  tryOrder,
} from '../../../gateways/kit/index.ts';
import type {
  CardStatus,
  InsertCardAnswer,
  InsertCardRequest,
  WalletGateway,
  WalletNotice,
} from '../../../gateways/wallet/gateway.ts';
import type { OutboundGuard } from '../../../lib/outbound/index.ts';
import { accountById, anyAccount, enabledAccounts, type WalletAccount } from './accounts.ts';
import type { WalletAdapter } from './adapters/adapter.ts';
import { LiveWalletAdapter } from './adapters/live.ts';
import { SANDBOX_ACCOUNT_ID, SANDBOX_NAME, WalletSandbox } from './adapters/sandbox.ts';
import { decryptResource, publicKeyOf, verifyAlipay, verifyWechat } from './signing.ts';

export interface WalletGatewayOptions {
  outbound: OutboundGuard;
  timeoutMs?: number;
  /** How long the sandbox waits before calling back (default 1.5 s; tests flush instead). */
  sandboxDelayMs?: number;
  random?: () => number;
}

export type NoticeHandler = (notice: WalletNotice) => Promise<void>;

const sandboxAccount = (platform: WalletPlatform): WalletAccount => ({
  id: SANDBOX_ACCOUNT_ID,
  tenantId: null,
  kind: platform,
  name: SANDBOX_NAME,
  priority: 0,
  weight: 1,
  config: { sandbox: true },
  version: 'sandbox',
});

const EVENTS: Record<string, WalletNotice['event']> = {
  'FAPIAO.CARD_INSERTED': 'inserted',
  'FAPIAO.CARD_REFUSED': 'refused',
  'FAPIAO.CARD_DELETED': 'deleted',
  invoice_card_inserted: 'inserted',
  invoice_card_refused: 'refused',
  invoice_card_deleted: 'deleted',
};

const badSignature = () => refuse('WALLET_SIGNATURE_INVALID', undefined, 'message');
const unreadable = () => refuse('WALLET_NOTICE_INVALID', undefined, 'message');

/**
 * The wallet gateway (services.gateways.wallet): the tenant's accounts of the platform in the kit's order with
 * failover, else the embedded sandbox; callbacks verified with the account's platform key (the sandbox's own key
 * for the sandbox and for accounts on the test channel) and handed to the handlers the wallets module registers.
 */
export class WalletGatewayImpl implements WalletGateway {
  readonly sandbox: WalletSandbox;
  private readonly live: LiveClients<WalletAccount, LiveWalletAdapter>;
  private readonly handlers: NoticeHandler[] = [];

  constructor(
    private readonly db: Db,
    private readonly opts: WalletGatewayOptions,
  ) {
    this.sandbox = new WalletSandbox(
      (n) => this.acceptCallback(n.platform, n.accountId, n.headers, n.body),
      opts.sandboxDelayMs ?? 1500,
    );
    this.live = new LiveClients(() => new LiveWalletAdapter(opts.outbound));
  }

  onNotice(handler: NoticeHandler) {
    this.handlers.push(handler);
  }

  private adapterOf(account: WalletAccount): WalletAdapter {
    return account.id === SANDBOX_ACCOUNT_ID || account.config.sandbox === true
      ? this.sandbox
      : this.live.get(account);
  }

  async insertCard(tenantId: number, req: InsertCardRequest): Promise<InsertCardAnswer> {
    const order = await orderOrSandbox(
      tryOrder(await enabledAccounts(this.db, tenantId, req.platform), tenantId, this.opts.random),
      () => anyAccount(this.db, tenantId, req.platform),
      () => sandboxAccount(req.platform),
    );
    const { account, result, tried } = await failover(order, (a) => this.adapterOf(a).insert(a, req), {
      timeoutMs: this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    return { ...result, providerId: account.id, providerKind: account.kind, tried };
  }

  async queryCard(
    tenantId: number,
    platform: WalletPlatform,
    providerId: number,
    ref: string,
  ): Promise<CardStatus> {
    const account = await this.accountFor(platform, providerId);
    if (!account || (account.tenantId !== null && account.tenantId !== tenantId))
      throw refuse('NO_PROVIDER', undefined, 'account');
    return this.adapterOf(account).query(account, ref);
  }

  private async accountFor(platform: WalletPlatform, providerId: number): Promise<WalletAccount | null> {
    if (providerId === SANDBOX_ACCOUNT_ID) return sandboxAccount(platform);
    const row = await accountById(this.db, platform, providerId);
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenantId,
      kind: platform,
      name: row.name,
      priority: row.priority,
      weight: row.weight,
      config: row.config ?? {},
      version: '',
    };
  }

  async acceptCallback(
    platform: WalletPlatform,
    providerId: number,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<WalletNotice> {
    const account = await this.accountFor(platform, providerId);
    // An unknown account answers like a bad signature: nothing says which ids exist.
    if (!account) throw badSignature();
    const onSandbox = account.config.sandbox === true;
    const keyText = onSandbox
      ? null
      : String((platform === 'wechat' ? account.config.platformCert : account.config.alipayPublicKey) ?? '');
    let key: ReturnType<typeof publicKeyOf>;
    try {
      key = keyText === null ? this.sandbox.keyPair().publicKey : publicKeyOf(keyText);
    } catch {
      throw badSignature();
    }
    const notice =
      platform === 'wechat'
        ? this.readWechat(account, key, onSandbox, headers, rawBody)
        : this.readAlipay(account, key, rawBody);
    for (const handler of this.handlers) await handler(notice);
    return notice;
  }

  private readWechat(
    account: WalletAccount,
    key: ReturnType<typeof publicKeyOf>,
    onSandbox: boolean,
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): WalletNotice {
    if (!verifyWechat(key, headers, body)) throw badSignature();
    try {
      const n = JSON.parse(body) as {
        id: string;
        event_type: string;
        resource: { ciphertext: string; associated_data?: string; nonce: string };
      };
      const apiV3Key = onSandbox ? this.sandbox.apiV3Key : String(account.config.apiV3Key ?? '');
      const r = JSON.parse(decryptResource(apiV3Key, n.resource)) as {
        out_trade_no: string;
        card_id?: string | null;
        code?: string | null;
      };
      const event = EVENTS[n.event_type];
      if (!event || typeof n.id !== 'string' || typeof r.out_trade_no !== 'string') throw unreadable();
      return {
        platform: 'wechat',
        providerId: account.id,
        noticeId: n.id.slice(0, 64),
        ref: r.out_trade_no.slice(0, 64),
        event,
        cardId: r.card_id ? String(r.card_id).slice(0, 64) : null,
        code: r.code ? String(r.code).slice(0, 64) : null,
      };
    } catch {
      throw unreadable();
    }
  }

  private readAlipay(
    account: WalletAccount,
    key: ReturnType<typeof publicKeyOf>,
    body: string,
  ): WalletNotice {
    const p = verifyAlipay(key, body);
    if (!p) throw badSignature();
    const event = EVENTS[p.notify_type ?? ''];
    if (!event || !p.notify_id || !p.out_trade_no) throw unreadable();
    return {
      platform: 'alipay',
      providerId: account.id,
      noticeId: p.notify_id.slice(0, 64),
      ref: p.out_trade_no.slice(0, 64),
      event,
      cardId: p.card_id ? p.card_id.slice(0, 64) : null,
      code: p.code ? p.code.slice(0, 64) : null,
    };
  }

  async close() {
    this.sandbox.close();
    await this.live.close();
  }
}

export const createWalletGateway = (db: Db, opts: WalletGatewayOptions) => new WalletGatewayImpl(db, opts);
