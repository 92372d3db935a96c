import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from 'i18next';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §9 / architecture: stored in UTC, always shown in China time whatever the browser's zone. */
export const DISPLAY_TZ = 'Asia/Shanghai';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

type DateInput = string | number | Date | Dayjs | null | undefined;

export function formatDateTime(value: DateInput, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.tz(DISPLAY_TZ).format(format) : '';
}

export function formatDate(value: DateInput): string {
  return formatDateTime(value, DATE_FORMAT);
}

/** Spec §9: under 30 s "just now", under 1 h minutes, under 24 h hours, under 48 h one day, else the date. */
export function relativeTime(value: DateInput, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  const seconds = Math.max(0, (now - d.valueOf()) / 1000);
  if (seconds < 30) return i18n.t('format.justNow');
  if (seconds < 3600) return i18n.t('format.minutesAgo', { count: Math.max(1, Math.floor(seconds / 60)) });
  if (seconds < 86_400) return i18n.t('format.hoursAgo', { count: Math.floor(seconds / 3600) });
  if (seconds < 172_800) return i18n.t('format.oneDayAgo');
  return formatDateTime(value);
}

/** 1234567.891 → "1,234,567.89"; digits fixes the decimals, else they are kept as given. */
export function thousands(value: number | string | null | undefined, digits?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = digits === undefined ? String(value) : n.toFixed(digits);
  const [int, frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

export type DatePresetKey = 'today' | 'lastWeek' | 'lastMonth' | 'lastThreeMonths';
const PRESET_DAYS: Record<DatePresetKey, number> = {
  today: 0,
  lastWeek: 7,
  lastMonth: 30,
  lastThreeMonths: 90,
};

export function presetRange(key: DatePresetKey, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(PRESET_DAYS[key], 'day').startOf('day'), now.endOf('day')];
}

/** Spec §9 date presets, shaped for antd RangePicker's `presets`. */
export function datePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  return (Object.keys(PRESET_DAYS) as DatePresetKey[]).map((key) => ({
    label: i18n.t(`format.preset.${key}`),
    value: presetRange(key),
  }));
}
