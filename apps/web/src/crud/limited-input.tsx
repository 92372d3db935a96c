import { Input, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback.ts';
import { DEFAULT_MAX_LENGTH } from '../lib/sanitize.ts';

/**
 * Spec §5/§9: free text stops at its limit (255 unless the field says less) and says so with
 * 输入内容不能超过N个字符. Unlike lib/sanitize it keeps special characters: paths, e-mail addresses and codes
 * with '-' are legitimate here, and the server validates the rest.
 */
function useLimitWarning(max: number) {
  const { t } = useTranslation();
  return (value: string) => {
    // A fixed key keeps one toast on screen while the user keeps typing at the limit.
    if (value.length >= max) toast.warning(t('sanitize.tooLong', { n: max }), 'crud-too-long');
  };
}

export function LimitedInput({ maxLength = DEFAULT_MAX_LENGTH, onChange, ...rest }: InputProps) {
  const warn = useLimitWarning(maxLength);
  return (
    <Input
      {...rest}
      maxLength={maxLength}
      onChange={(e) => {
        warn(e.target.value);
        onChange?.(e);
      }}
    />
  );
}

export function LimitedTextArea({ maxLength = DEFAULT_MAX_LENGTH, onChange, ...rest }: TextAreaProps) {
  const warn = useLimitWarning(maxLength);
  return (
    <Input.TextArea
      {...rest}
      maxLength={maxLength}
      showCount
      onChange={(e) => {
        warn(e.target.value);
        onChange?.(e);
      }}
    />
  );
}
