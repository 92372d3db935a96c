import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  DELIVERY_STATUS_NAMES,
  DELIVERY_STATUSES,
  nextAttemptAt,
  retryDelayMs,
} from '../src/index.ts';

describe('delivery retry schedule', () => {
  it('doubles from the base, caps each wait, and jitters within the upper half', () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(p, 1, () => 1)).toBe(p.baseMs);
    expect(retryDelayMs(p, 2, () => 1)).toBe(2 * p.baseMs);
    expect(retryDelayMs(p, 1, () => 0)).toBe(p.baseMs / 2);
    expect(retryDelayMs(p, 50, () => 1)).toBe(p.maxDelayMs);
  });

  it('keeps trying for hours, then gives up at the horizon', () => {
    const p = DEFAULT_RETRY_POLICY;
    const requestedAt = new Date('2026-01-01T00:00:00Z');
    let now = requestedAt;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt(p, { requestedAt, failedAttempts: attempts, now }, () => 1);
      if (!next) break;
      now = next;
      attempts += 1;
    }
    expect(attempts).toBeGreaterThan(15);
    expect(now.getTime() - requestedAt.getTime()).toBeGreaterThan(p.horizonMs - p.maxDelayMs);
    expect(now.getTime() - requestedAt.getTime()).toBeLessThanOrEqual(p.horizonMs);
    expect(
      nextAttemptAt({ ...p, maxAttempts: 3 }, { requestedAt, failedAttempts: 3, now: requestedAt }, () => 1),
    ).toBeNull();
  });

  it('has one word per state in both languages', () => {
    for (const s of DELIVERY_STATUSES) {
      expect(DELIVERY_STATUS_NAMES[s].zh).toBeTruthy();
      expect(DELIVERY_STATUS_NAMES[s].en).toBeTruthy();
    }
    expect(new Set(DELIVERY_STATUSES.map((s) => DELIVERY_STATUS_NAMES[s].zh)).size).toBe(
      DELIVERY_STATUSES.length,
    );
  });
});
