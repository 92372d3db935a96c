import i18n from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import zh from './locales/zh.ts';
import { formatDateTime, presetRange, relativeTime, thousands } from './format.ts';
import dayjs from 'dayjs';

beforeAll(async () => {
  await i18n.init({ lng: 'zh', resources: { zh: { translation: zh } }, showSupportNotice: false });
});

describe('format (spec §9)', () => {
  test('UTC instants are shown in China time', () => {
    expect(formatDateTime('2025-01-01T16:30:05Z')).toBe('2025-01-02 00:30:05');
    expect(formatDateTime(null)).toBe('');
  });

  test('relative time thresholds', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const ago = (s: number) => new Date(now - s * 1000).toISOString();
    expect(relativeTime(ago(29), now)).toBe('刚刚');
    expect(relativeTime(ago(30), now)).toBe('1分钟前');
    expect(relativeTime(ago(59 * 60), now)).toBe('59分钟前');
    expect(relativeTime(ago(3600), now)).toBe('1小时前');
    expect(relativeTime(ago(23 * 3600), now)).toBe('23小时前');
    expect(relativeTime(ago(47 * 3600), now)).toBe('1天前');
    expect(relativeTime(ago(48 * 3600), now)).toBe(formatDateTime(ago(48 * 3600)));
  });

  test('thousands separators', () => {
    expect(thousands(1234567.891, 2)).toBe('1,234,567.89');
    expect(thousands('1000')).toBe('1,000');
    expect(thousands(999)).toBe('999');
    expect(thousands(-1234.5)).toBe('-1,234.5');
  });

  test('date presets: today, 7, 30 and 90 days', () => {
    const now = dayjs('2025-06-30T10:00:00');
    expect(presetRange('today', now)[0].format('YYYY-MM-DD HH:mm')).toBe('2025-06-30 00:00');
    expect(presetRange('lastWeek', now)[0].format('YYYY-MM-DD')).toBe('2025-06-23');
    expect(presetRange('lastMonth', now)[0].format('YYYY-MM-DD')).toBe('2025-05-31');
    expect(presetRange('lastThreeMonths', now)[1].format('YYYY-MM-DD HH:mm')).toBe('2025-06-30 23:59');
  });
});
