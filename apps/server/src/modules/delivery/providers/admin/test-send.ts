import { formatMessage, type Lang, local, type MessageChannel, type ProviderTestReply } from '@fpy/contracts';
import type { messageProviders } from '@fpy/db';
import {
  classifyDeliveryFailure,
  deliveryFailureCode,
  normalizeRecipient,
  recipientProblem,
} from '@fpy/domain';
import { badRequest } from '../../../../lib/errors.ts';
import { toAccount } from '../accounts.ts';
import type { ProviderGateway } from '../gateway.ts';
import { GatewayRefusal } from '../../../../gateways/kit/index.ts';

type Row = typeof messageProviders.$inferSelect;

const PROBLEM_EN: Record<MessageChannel, string> = {
  email: 'The e-mail address is not valid',
  sms: 'The mobile number must be an 11-digit mainland number',
};

/** A refusal code as answered: a plain token (ours, nodemailer's, a provider's documented code), else a generic one. */
const safeCode = (code: string) => (/^[A-Za-z0-9_.]{1,64}$/.test(code) ? code : 'PROVIDER_ERROR');

/**
 * The failure of a test as the page shows it: its kind and our own words for it, in the caller's language. Never
 * the remote's text: an internal service's banner, version or error page would tell what answers where.
 */
export function failureReply(
  refusal: { code: string; message: string; retryable: boolean },
  lang: Lang,
): ProviderTestReply {
  const kind = classifyDeliveryFailure(refusal);
  return {
    accepted: false,
    providerMessageId: null,
    code: safeCode(refusal.code),
    kind,
    message: formatMessage(deliveryFailureCode(kind), undefined, lang),
    retryable: refusal.retryable,
  };
}

/**
 * Sends one test message through exactly this account (no failover, enabled or not) and answers what the
 * provider said: accepted with its message id, or the kind of its failure (failureReply).
 */
export async function testSend(
  gateway: ProviderGateway,
  row: Row,
  input: { to: string; templateCode?: string | null; templateParams?: Record<string, string> },
  lang: Lang,
): Promise<ProviderTestReply> {
  const channel = row.channel as MessageChannel;
  const problem = recipientProblem(channel, input.to);
  if (problem) throw badRequest('PROVIDER_TEST_RECIPIENT', { problem: local(problem, PROBLEM_EN[channel]) });
  const account = toAccount(row);
  if (!account) return failureReply({ code: 'CONFIG_INVALID', message: '', retryable: false }, lang);
  const to = normalizeRecipient(channel, input.to);
  const at = new Date().toISOString();
  try {
    const accepted = await gateway.sendWith(
      account,
      channel === 'email'
        ? {
            email: {
              to,
              subject: '【发票云】邮件服务商测试',
              text: `这是一封测试邮件，由发票云通过邮件服务商“${row.name}”发送（${at}）。收到即表示配置正确。`,
            },
          }
        : {
            sms: {
              mobile: to,
              text: `这是一条测试短信，由发票云通过短信服务商“${row.name}”发送。`,
              templateCode: input.templateCode ?? undefined,
              templateParams: input.templateParams ?? {},
            },
          },
      row.tenantId,
    );
    return {
      accepted: true,
      providerMessageId: accepted.providerMessageId,
      code: null,
      kind: null,
      message: null,
      retryable: null,
    };
  } catch (err) {
    if (!(err instanceof GatewayRefusal)) throw err;
    return failureReply(err, lang);
  }
}
