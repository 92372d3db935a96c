import type { TencentConfig } from '@fpy/contracts';
import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { OutboundSms, Receipt } from '../../../../gateways/messaging/gateway.ts';
import {
  guardedAgent,
  OutboundBlocked,
  type OutboundGuard,
  surfaceBlocked,
} from '../../../../lib/outbound/index.ts';
import { vendorRefusal, refuse } from '../../../../gateways/kit/index.ts';
import type { Adapter, CallOptions, SendResult } from './adapter.ts';
import { templateFor } from './sms-template.ts';
import { tencentScope } from './tencent-codes.ts';

const SmsClient = tencentcloud.sms.v20210111.Client;

/**
 * 腾讯云短信 through its official SDK (tencentcloud-sdk-nodejs-sms, API 2021-01-11, signed TC3-HMAC-SHA256).
 * SendSms with the account's SmsSdkAppId, 签名 and template id, the template's values in TemplateParamSet in the
 * order the message gives them; receipts by PullSmsSendStatus (a queue of what the account's messages did) or
 * pushed to the callback (receipts/routes.ts).
 */
export class TencentAdapter implements Adapter {
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(
    private readonly providerId: number,
    private readonly config: TencentConfig,
    timeoutMs: number,
    outbound: OutboundGuard,
  ) {
    this.client = new SmsClient({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: config.endpoint,
          protocol: `${config.protocol}://`,
          // Every socket through the outbound guard (lib/outbound): the endpoint's addresses are checked.
          agent: guardedAgent(outbound, config.protocol),
          // Seconds, whole: the SDK multiplies by 1000.
          reqTimeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
        },
      },
    });
  }

  async sendSms(msg: OutboundSms, _opts: CallOptions): Promise<SendResult> {
    const templateId = templateFor(msg, this.config, 'templateId');
    const res = await this.call(() =>
      this.client.SendSms({
        PhoneNumberSet: [`+86${msg.mobile}`],
        SmsSdkAppId: this.config.sdkAppId,
        // The account's own approved 签名: the provider refuses any other (the message's is only a fallback).
        SignName: this.config.signName || msg.signName,
        TemplateId: templateId,
        TemplateParamSet: Object.values(msg.templateParams),
      }),
    );
    const status = res.SendStatusSet?.[0];
    if (!status) throw refuse('TENCENT_ERROR', undefined, 'transient');
    if (status.Code !== 'Ok' || !status.SerialNo)
      throw vendorRefusal(
        status.Code ?? 'TENCENT_ERROR',
        status.Message ?? '',
        tencentScope(status.Code ?? ''),
      );
    return { providerMessageId: status.SerialNo, units: status.Fee ?? 1 };
  }

  /** Pulls what the provider has queued for this SdkAppId (each status is handed out once). */
  async pollReceipts(): Promise<Receipt[]> {
    const res = await this.call(() =>
      this.client.PullSmsSendStatus({ Limit: 100, SmsSdkAppId: this.config.sdkAppId }),
    ).catch(() => null);
    return (res?.PullSmsSendStatusSet ?? [])
      .filter((s) => s.SerialNo && s.ReportStatus)
      .map((s) => ({
        providerId: this.providerId,
        providerMessageId: s.SerialNo as string,
        status: s.ReportStatus === 'SUCCESS' ? ('delivered' as const) : ('failed' as const),
        code: s.ReportStatus === 'SUCCESS' ? 'DELIVRD' : (s.ReportStatus ?? 'FAIL'),
        message: s.Description ?? null,
        at: s.UserReceiveTime ? new Date(s.UserReceiveTime * 1000) : new Date(),
      }));
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      // The SDK wraps socket errors in its own: the guard's refusal is surfaced as itself (lib/outbound).
      return await surfaceBlocked(fn);
    } catch (err) {
      if (err instanceof OutboundBlocked) throw err;
      const e = err as { code?: string; message?: string; httpCode?: number };
      if (e.code) throw vendorRefusal(e.code, (e.message ?? '').slice(0, 500), tencentScope(e.code));
      if (e.httpCode) throw vendorRefusal(`HTTP_${e.httpCode}`, e.message ?? '', 'transient');
      const code = /timeout|timed out/i.test(e.message ?? '') ? 'TIMEOUT' : 'NETWORK_ERROR';
      throw vendorRefusal(code, (e.message ?? String(err)).slice(0, 500), 'transient');
    }
  }
}
