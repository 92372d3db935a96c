import { type MessageText, type Lang, type ParamNames, type ParamValue, fillText } from './text.ts';
import { commonMessages } from './common.ts';
import { validationMessages } from './validation.ts';
import { fileMessages } from './files.ts';
import { authMessages, baseMessages, orgMessages } from './platform/auth-org-base.ts';
import { invoicingMessages, redLetterMessages } from './sales/invoicing.ts';
import { preopenPhoneMessages } from './sales/preopen-phone.ts';
import { invoicerIdentityMessages } from './sales/invoicer-identity.ts';
import { catalogueMessages } from './sales/catalogue.ts';
import { taxGatewayMessages } from './platform/tax-gateway.ts';
import { jobMessages } from './platform/jobs.ts';
import { monitorMessages } from './platform/monitor.ts';
import { deliveryProviderMessages } from './delivery/providers.ts';
import { deliveryBuyerMessages } from './delivery/buyer.ts';
import { deliveryDispatchMessages } from './delivery/dispatch.ts';
import { deliverySettingsMessages } from './delivery/settings.ts';
import { deliveryAdminMessages } from './delivery/admin.ts';
import { titleMessages } from './self-service/titles.ts';
import { codeBoardMessages } from './self-service/code-boards.ts';
import { agentMessages } from './self-service/agents.ts';
import { scanOrderMessages } from './self-service/orders.ts';
import { walletMessages } from './self-service/wallets.ts';
import { purchaseCheckMessages } from './purchase/checks.ts';
import { purchaseDeductionMessages } from './purchase/deduction.ts';
import { invoiceIntakeMessages } from './purchase/invoice-intake.ts';
import { codeUpdateMessages } from './purchase/code-update.ts';
import { webhookMessages } from './open-platform/webhooks.ts';
import { openConsoleMessages } from './open-platform/console.ts';

export * from './text.ts';
export { REQUEST_PARTS, PASSWORD_PROBLEMS_EN } from './validation.ts';
export { UPLOAD_LABELS_EN } from './files.ts';
export { SMS_LIMIT_NAMES } from './delivery/dispatch.ts';
export { VIOLATIONS_EN, violationText } from './violations.ts';
export { invoiceStatusText, labelText, listText } from './terms.ts';
export { codeWithName, rateChoicesText, rateChoiceText } from './rate-choices.ts';

/**
 * Every message the server answers with, in zh and en. A key is the wire `code`, or `CODE.variant` when one code
 * is worded differently at different places (the client only ever sees `CODE`).
 */
export const messages = {
  ...commonMessages,
  ...validationMessages,
  ...fileMessages,
  ...authMessages,
  ...orgMessages,
  ...baseMessages,
  ...invoicingMessages,
  ...redLetterMessages,
  ...preopenPhoneMessages,
  ...invoicerIdentityMessages,
  ...catalogueMessages,
  ...taxGatewayMessages,
  ...jobMessages,
  ...monitorMessages,
  ...deliveryProviderMessages,
  ...deliveryBuyerMessages,
  ...deliveryDispatchMessages,
  ...deliverySettingsMessages,
  ...deliveryAdminMessages,
  ...titleMessages,
  ...codeBoardMessages,
  ...agentMessages,
  ...scanOrderMessages,
  ...walletMessages,
  ...purchaseCheckMessages,
  ...purchaseDeductionMessages,
  ...invoiceIntakeMessages,
  ...codeUpdateMessages,
  ...webhookMessages,
  ...openConsoleMessages,
} as const satisfies Record<string, MessageText>;

export type MessageKey = keyof typeof messages;
/** The parameter names a message takes, read from its Chinese text. */
export type MessageParamName<K extends MessageKey> = ParamNames<(typeof messages)[K]['zh']>;
export type MessageParams<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? Record<string, never> | undefined
  : Readonly<Record<MessageParamName<K>, ParamValue>>;

/** The wire code of a message key: the part before the variant. */
export const codeOfKey = (key: MessageKey | string): string => {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
};

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messages, key);

/** The message of `key` in `lang`, its `{name}` placeholders filled. */
export function formatMessage(
  key: MessageKey,
  params: Readonly<Record<string, ParamValue>> | undefined,
  lang: Lang,
): string {
  return fillText(messages[key][lang], params, lang);
}
