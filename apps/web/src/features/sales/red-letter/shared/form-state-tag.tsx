import { RED_FORM_STATE_CODE, type RedFormStateName } from '@fpy/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RedFormStateName, string> = {
  applying: 'processing',
  no_confirmation_needed: 'green',
  pending_buyer: 'gold',
  pending_seller: 'orange',
  confirmed: 'blue',
  void_buyer_refused: 'default',
  void_seller_refused: 'default',
  void_expired: 'default',
  void_revoked: 'default',
  void_revoked_after_confirm: 'default',
  void_abnormal: 'red',
};

/** A 确认单 state with its bureau code (01–10), labelled in the UI language. */
export function FormStateTag({ state }: { state: RedFormStateName }) {
  const { t } = useTranslation();
  const code = RED_FORM_STATE_CODE[state];
  return (
    <Tag color={COLOURS[state]} data-testid="red-form-state">
      {code ? `${code} ` : ''}
      {t(`redLetter.state.${state}`)}
    </Tag>
  );
}
