import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from './i18n.ts';

/** dayjs's month and weekday names follow the console's language (date pickers, relative times). */
export function setDayjsLocale(lang: Language): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
}
