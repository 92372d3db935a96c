import i18n from 'i18next';
import { toast } from './feedback.ts';

/** Spec §9: free text is at most 255 characters unless a field says otherwise. */
export const DEFAULT_MAX_LENGTH = 255;

// Characters that break the legacy tax gateway's XML and the downstream invoice layout files.
const SPECIAL = /[\s`~!@#$%^&*()=+[\]{}\\|;:'",<>/?！￥…（）—【】‘’；：“”。，、？《》·]/g;

/** Spec §5: strip special characters and whitespace; warn once the limit is reached and cut to it. */
export function sanitize(value: string, max: number = DEFAULT_MAX_LENGTH): string {
  const cleaned = value.replace(SPECIAL, '');
  if (cleaned.length >= max) {
    // A fixed key keeps one toast on screen while the user keeps typing at the limit.
    toast.warning(i18n.t('sanitize.tooLong', { n: max }), 'sanitize-too-long');
    return cleaned.slice(0, max);
  }
  return cleaned;
}

/** antd Form `normalize` helper: `<Form.Item normalize={sanitizer(64)}>`. */
export function sanitizer(max: number = DEFAULT_MAX_LENGTH): (value: unknown) => unknown {
  return (value) => (typeof value === 'string' ? sanitize(value, max) : value);
}
