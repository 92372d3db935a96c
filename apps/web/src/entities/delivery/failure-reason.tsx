import { messages } from '@fpy/contracts';
import { classifyDeliveryFailure, type DeliveryFailureKind, deliveryFailureCode } from '@fpy/domain';
import { Tooltip, Typography } from 'antd';
import { useLanguage } from '../../lib/i18n.ts';

/** The words of a failure kind, from the server's message catalogue (FAILURE_TLS …), in the UI language. */
export function failureKindText(kind: DeliveryFailureKind, lang: 'zh' | 'en'): string {
  return messages[deliveryFailureCode(kind)][lang];
}

/**
 * Why a send failed, as a finance user reads it: the classified kind (TLS, authentication, refused, timed out,
 * recipient rejected …) in the UI language, with the provider's raw code and text behind it (hover or focus).
 * `kind` is the one the server stored; without it the same classifier (@fpy/domain) reads the raw text.
 */
export function FailureReason({
  kind,
  code,
  message,
}: {
  kind?: string | null;
  code?: string | null;
  message?: string | null;
}) {
  const lang = useLanguage();
  if (!kind && !code && !message) return <>—</>;
  const k = (kind as DeliveryFailureKind | null) ?? classifyDeliveryFailure({ code, message });
  const raw = [code, message].filter(Boolean).join(' ');
  const text = failureKindText(k, lang) ?? k;
  return raw ? (
    <Tooltip title={raw}>
      <Typography.Text type="danger" tabIndex={0} data-testid="failure-reason" data-kind={k}>
        {text}
      </Typography.Text>
    </Tooltip>
  ) : (
    <Typography.Text type="danger">{text}</Typography.Text>
  );
}
