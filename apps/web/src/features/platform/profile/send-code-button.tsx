import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { type CodeChannel, sendModifyCode } from './self-api.ts';

interface SendCodeButtonProps {
  channel: CodeChannel;
  /** Resolves the new address to verify, or undefined for the account's own; throwing cancels the send. */
  target?: () => Promise<string | undefined>;
  disabled?: boolean;
}

export function SendCodeButton({ channel, target, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const reply = await sendModifyCode(channel, target ? await target() : undefined);
      toast.success(t('common.codeSent', { target: reply.maskedTarget }));
      start();
    } catch {
      // Validation problems show on the form; server refusals were shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={send} loading={busy} disabled={disabled || left > 0}>
      {left > 0 ? t('common.resendIn', { s: left }) : t('common.sendCode')}
    </Button>
  );
}
