import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import type { WalletPlatform } from '@fpy/contracts';
import type { CardStatus, InsertCardRequest } from '../../../../gateways/wallet/gateway.ts';
import { refuse } from '../../../../gateways/kit/index.ts';
import type { WalletAccount } from '../accounts.ts';
import { encryptResource, signAlipay, signWechat } from '../signing.ts';
import type { WalletAdapter } from './adapter.ts';

/** The account id of the embedded sandbox (no account configured for the platform). */
export const SANDBOX_ACCOUNT_ID = 0;
export const SANDBOX_NAME = '沙箱';

/** A signed callback as the platform would POST it to /api/public/v1/walletNotify/{platform}/{account}. */
export interface SignedNotice {
  platform: WalletPlatform;
  accountId: number;
  headers: Record<string, string>;
  body: string;
}

type Event = 'inserted' | 'refused' | 'deleted';

interface SandboxCard {
  platform: WalletPlatform;
  accountId: number;
  buyerRef: string;
  state: CardStatus['state'];
  cardId: string | null;
}

/**
 * The embedded sandbox of both card bags (README "Sandbox"): it keeps each insertion's state, answers `pending`
 * and later calls back, signed like the platform (WeChat v3 headers + an encrypted resource; Alipay RSA2 form),
 * with its own RSA key pair made at start. Buyers whose id ends with:
 * - `refuse`: accepted, then the callback says the buyer declined (failed);
 * - `bad`: refused at once (scope message, not retried);
 * - `busy`: the first attempt of each insertion is refused as busy (transient: the outbox retries), then accepted;
 * - anything else: accepted, then the callback says inserted.
 * `buyerDeletes(ref)` is the buyer removing the card (a `deleted` callback). Callbacks go out after `delayMs`
 * (`flush()` sends every waiting one now); the last ones sent are kept in `sent` (tests replay them).
 */
export class WalletSandbox implements WalletAdapter {
  readonly serial = randomBytes(20).toString('hex').toUpperCase();
  /** The API v3 key the sandbox encrypts WeChat resources with (32 characters, as WeChat's). */
  readonly apiV3Key = randomBytes(16).toString('hex');
  private keys?: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly cards = new Map<string, SandboxCard>();
  private readonly attempts = new Map<string, number>();
  private readonly waiting = new Set<{ timer: NodeJS.Timeout; send: () => Promise<void> }>();
  readonly sent: SignedNotice[] = [];

  /**
   * @param deliver how a callback reaches the server: in process through the gateway's acceptCallback (the same
   *   verification as the public route); a test may POST it to the route instead.
   */
  constructor(
    public deliver: (n: SignedNotice) => Promise<unknown>,
    public delayMs = 1500,
  ) {}

  /** The sandbox's key pair (made on first use: 2048-bit RSA). The public half verifies its callbacks. */
  keyPair() {
    this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }

  async insert(account: WalletAccount, req: InsertCardRequest) {
    const known = this.cards.get(req.ref);
    // A card asked again after it failed is a new attempt; any other known card answers where it stands.
    if (known && known.state !== 'failed')
      return {
        state: known.state === 'inserted' ? ('inserted' as const) : ('pending' as const),
        cardId: known.cardId,
      };
    const n = (this.attempts.get(req.ref) ?? 0) + 1;
    this.attempts.set(req.ref, n);
    if (req.buyerRef.endsWith('bad')) throw refuse('WALLET_BUYER_REFUSED', undefined, 'message');
    if (req.buyerRef.endsWith('busy') && n === 1) throw refuse('WALLET_SANDBOX_BUSY', undefined, 'transient');
    const card: SandboxCard = {
      platform: req.platform,
      accountId: account.id,
      buyerRef: req.buyerRef,
      state: 'pending',
      cardId: null,
    };
    this.cards.set(req.ref, card);
    if (req.buyerRef.endsWith('refuse')) this.later(req.ref, 'refused', 'USER_REFUSED');
    else this.later(req.ref, 'inserted', null);
    return { state: 'pending' as const, cardId: null };
  }

  async query(_account: WalletAccount, ref: string): Promise<CardStatus> {
    const card = this.cards.get(ref);
    return { state: card?.state ?? 'failed', cardId: card?.cardId ?? null };
  }

  /** The buyer removes the card from the bag: a `deleted` callback follows. */
  buyerDeletes(ref: string): boolean {
    const card = this.cards.get(ref);
    if (card?.state !== 'inserted') return false;
    this.later(ref, 'deleted', null);
    return true;
  }

  /** Sends every waiting callback now, in order. */
  async flush() {
    const all = [...this.waiting];
    this.waiting.clear();
    for (const w of all) {
      clearTimeout(w.timer);
      await w.send();
    }
  }

  /** Stops the timers (app close). */
  close() {
    for (const w of this.waiting) clearTimeout(w.timer);
    this.waiting.clear();
  }

  private later(ref: string, event: Event, code: string | null) {
    const entry = {
      timer: undefined as unknown as NodeJS.Timeout,
      send: async () => {
        const card = this.cards.get(ref);
        if (!card) return;
        if (event === 'inserted') {
          card.state = 'inserted';
          card.cardId = `sbx${randomBytes(8).toString('hex')}`;
        } else card.state = event === 'refused' ? 'failed' : 'deleted';
        const notice = this.sign(card, ref, event, code);
        this.sent.push(notice);
        if (this.sent.length > 50) this.sent.shift();
        await this.deliver(notice).catch(() => {});
      },
    };
    entry.timer = setTimeout(() => {
      this.waiting.delete(entry);
      void entry.send();
    }, this.delayMs);
    entry.timer.unref?.();
    this.waiting.add(entry);
  }

  /** A callback signed as its platform signs it. */
  sign(card: SandboxCard, ref: string, event: Event, code: string | null): SignedNotice {
    const { privateKey } = this.keyPair();
    const now = new Date();
    if (card.platform === 'wechat') {
      const resource = { out_trade_no: ref, card_id: card.cardId, code, openid: card.buyerRef };
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: now.toISOString(),
        event_type: `FAPIAO.CARD_${event.toUpperCase()}`,
        resource_type: 'encrypt-resource',
        summary: event,
        resource: encryptResource(this.apiV3Key, JSON.stringify(resource), 'fapiao'),
      });
      return {
        platform: 'wechat',
        accountId: card.accountId,
        headers: signWechat(privateKey, this.serial, body),
        body,
      };
    }
    const body = signAlipay(privateKey, {
      notify_id: randomUUID().replace(/-/g, ''),
      notify_time: now.toISOString().replace('T', ' ').slice(0, 19),
      notify_type: `invoice_card_${event}`,
      charset: 'utf-8',
      version: '1.0',
      out_trade_no: ref,
      card_id: card.cardId ?? '',
      code: code ?? '',
      user_id: card.buyerRef,
    });
    return {
      platform: 'alipay',
      accountId: card.accountId,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    };
  }
}
