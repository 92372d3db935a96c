/**
 * When a delivery that failed for a temporary reason (a timeout, a throttled provider, a mail server saying
 * 451, every account down) is tried again (issue 28 §9): exponential backoff with jitter over a horizon that
 * outlasts a real outage — an outage of a minute or an hour heals on its own instead of needing a manual resend
 * per record. Pure: the dispatcher passes its clock and random source, so tests drive hours in no time.
 */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubled after each further one. */
  baseMs: number;
  /** No single wait is longer than this. */
  maxDelayMs: number;
  /** Counted from the request: an attempt that would fall later is not made, the delivery is given up. */
  horizonMs: number;
  /** A hard cap on attempts in all (0 = the horizon alone decides). */
  maxAttempts: number;
}

/** The defaults: 10 s, 20 s, 40 s … at most 30 min apart, for up to 6 h. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 10_000,
  maxDelayMs: 30 * 60_000,
  horizonMs: 6 * 3_600_000,
  maxAttempts: 0,
};

/**
 * The wait before the next attempt after `failedAttempts` attempts failed (1 after the first): base × 2^(n−1),
 * capped, then "equal jitter" (half fixed, half random) so that records failed by one outage do not all come
 * back in the same second.
 */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number, random: () => number): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 40));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(exp / 2 + (exp / 2) * r);
}

/**
 * The next attempt's time, or null when the delivery is to be given up: the attempts cap is reached, or the next
 * attempt would fall past the horizon counted from `requestedAt`.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  input: { requestedAt: Date; failedAttempts: number; now: Date },
  random: () => number,
): Date | null {
  if (policy.maxAttempts > 0 && input.failedAttempts >= policy.maxAttempts) return null;
  const at = new Date(input.now.getTime() + retryDelayMs(policy, input.failedAttempts, random));
  return at.getTime() - input.requestedAt.getTime() > policy.horizonMs ? null : at;
}
