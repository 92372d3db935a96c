import { SCENE_TEMPLATE_FIELD } from '@fpy/contracts';
import type { OutboundSms } from '../../../../gateways/messaging/gateway.ts';
import { refuse } from '../../../../gateways/kit/index.ts';

/**
 * The approved template an SMS is sent with (README "SMS templates per scene"): the message's own code, else
 * the account's template for the message's scene (no scene = invoice_delivery), else — for invoice delivery
 * only — the account's default template. A verification code or notice never falls back to the default (it is the
 * invoice template in practice, with other variables): without its scene's template the account refuses it,
 * scope account, so the next account that has one sends it.
 */
export function templateFor(
  msg: OutboundSms,
  config: Record<string, unknown>,
  defaultField: 'templateCode' | 'templateId',
): string {
  const pick = (k: string) => (typeof config[k] === 'string' && config[k] ? (config[k] as string) : null);
  if (msg.templateCode) return msg.templateCode;
  // The dispatcher's invoice messages are the ones that name no scene.
  const scene = msg.scene ?? 'invoice_delivery';
  const own = pick(SCENE_TEMPLATE_FIELD[scene]);
  if (own) return own;
  const fallback = scene === 'invoice_delivery' ? pick(defaultField) : null;
  if (fallback) return fallback;
  throw refuse('TEMPLATE_REQUIRED', { scene: SCENE_LABELS[scene] }, 'account');
}

const SCENE_LABELS = { invoice_delivery: '发票交付', verify_code: '验证码', notice: '通知' } as const;
