import type { AliyunConfig } from '@fpy/contracts';
import Dysms, { QuerySendDetailsRequest, SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { Config as OpenApiConfig } from '@alicloud/openapi-client';
import { smsSegments } from '@fpy/domain';
import type { OutboundSms, Receipt } from '../../../../gateways/messaging/gateway.ts';
import { OutboundBlocked, type OutboundGuard, withOutboundGuard } from '../../../../lib/outbound/index.ts';
import { vendorRefusal } from '../../../../gateways/kit/index.ts';
import type { Adapter, CallOptions, PendingMessage, SendResult } from './adapter.ts';
import { aliyunScope } from './aliyun-codes.ts';
import { beijingDay, parseBeijingTime } from './beijing-time.ts';
import { templateFor } from './sms-template.ts';

// The package is CommonJS with `exports.default`: Node's ESM import hands over the exports object.
/** Messages asked about per poll and account, and at once. */
const POLL_BATCH = 100;
const POLL_PARALLEL = 5;

const DysmsClient: typeof Dysms = (Dysms as unknown as { default?: typeof Dysms }).default ?? Dysms;

/**
 * 阿里云短信 through its official SDK (@alicloud/dysmsapi20170525, which signs with ACS3-HMAC-SHA256). SendSms
 * with the account's 签名 and the template code; receipts by QuerySendDetails for each message still pending
 * (SendStatus 3 delivered, 2 failed with ErrCode), or pushed to the SmsReport callback (receipts/routes.ts).
 */
export class AliyunAdapter implements Adapter {
  readonly needsPending = true;
  private readonly client: Dysms;

  constructor(
    private readonly providerId: number,
    private readonly config: AliyunConfig,
    private readonly timeoutMs: number,
    private readonly outbound: OutboundGuard,
  ) {
    this.client = new DysmsClient(
      new OpenApiConfig({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: config.endpoint,
        protocol: config.protocol,
        regionId: config.regionId,
        readTimeout: timeoutMs,
        connectTimeout: timeoutMs,
      }) as never,
    );
  }

  private runtime() {
    // No retries inside the SDK: failover and backoff are the gateway's and the queue's.
    return { readTimeout: this.timeoutMs, connectTimeout: this.timeoutMs, autoretry: false } as never;
  }

  async sendSms(msg: OutboundSms, _opts: CallOptions): Promise<SendResult> {
    const templateCode = templateFor(msg, this.config, 'templateCode');
    // The account's own approved 签名: the provider refuses any other (the message's is only a fallback).
    const signName = this.config.signName || msg.signName;
    const body = await this.call(() =>
      this.client.sendSmsWithOptions(
        new SendSmsRequest({
          phoneNumbers: msg.mobile,
          signName,
          templateCode,
          templateParam: JSON.stringify(msg.templateParams),
        }),
        this.runtime(),
      ),
    );
    if (body?.code !== 'OK' || !body.bizId)
      throw vendorRefusal(body?.code ?? 'ALIYUN_ERROR', body?.message ?? '', aliyunScope(body?.code ?? ''));
    return { providerMessageId: body.bizId, units: smsSegments(`【${signName}】${msg.text}`) };
  }

  /**
   * One QuerySendDetails per pending message (the API answers per number, day and BizId): at most
   * POLL_BATCH per poll, POLL_PARALLEL at a time, so a backlog neither runs past the next tick nor trips the
   * API's rate limit; the rest waits for the next poll (the pending list comes oldest first).
   */
  async pollReceipts(pending: PendingMessage[]): Promise<Receipt[]> {
    const receipts: Receipt[] = [];
    const batch = pending.slice(0, POLL_BATCH);
    for (let i = 0; i < batch.length; i += POLL_PARALLEL) {
      const answers = await Promise.all(batch.slice(i, i + POLL_PARALLEL).map((p) => this.query(p)));
      for (const r of answers) receipts.push(...r);
    }
    return receipts;
  }

  private async query(p: PendingMessage): Promise<Receipt[]> {
    const body = await this.call(() =>
      this.client.querySendDetailsWithOptions(
        new QuerySendDetailsRequest({
          phoneNumber: p.recipient,
          bizId: p.providerMessageId,
          sendDate: beijingDay(p.acceptedAt),
          pageSize: 10,
          currentPage: 1,
        }),
        this.runtime(),
      ),
    ).catch(() => null);
    if (body?.code !== 'OK') return [];
    return (body.smsSendDetailDTOs?.smsSendDetailDTO ?? [])
      .filter((d) => d.sendStatus === 2 || d.sendStatus === 3) // 1 = still waiting for the carrier
      .map((d) => ({
        providerId: this.providerId,
        providerMessageId: p.providerMessageId,
        status: d.sendStatus === 3 ? ('delivered' as const) : ('failed' as const),
        code: d.errCode || (d.sendStatus === 3 ? 'DELIVERED' : 'FAILED'),
        message: null,
        at: parseBeijingTime(d.receiveDate) ?? new Date(),
      }));
  }

  /** The SDK's call with its exceptions (HTTP 4xx/5xx, network) turned into refusals. */
  private async call<T extends { body?: unknown }>(fn: () => Promise<T>): Promise<T['body']> {
    try {
      // The SDK takes no agent: its sockets are guarded for the duration of the call (lib/outbound).
      return (await withOutboundGuard(this.outbound, fn)).body;
    } catch (err) {
      if (err instanceof OutboundBlocked) throw err;
      const e = err as { code?: string; message?: string; statusCode?: number; data?: { Message?: string } };
      if (e.statusCode && e.code && e.code !== 'undefined') {
        const scope = e.statusCode >= 500 ? 'transient' : aliyunScope(e.code);
        throw vendorRefusal(e.code, (e.data?.Message ?? e.message ?? '').slice(0, 500), scope);
      }
      const code = /timeout/i.test(e.message ?? '') ? 'TIMEOUT' : 'NETWORK_ERROR';
      throw vendorRefusal(code, (e.message ?? String(err)).slice(0, 500), 'transient');
    }
  }
}
