/** Knobs of the embedded sandbox; tests pass their own, the server uses the defaults. */
export interface SandboxOptions {
  /** Time before a submitted issue gets its result (issue 4 §1: the async paths must be real). */
  latencyMs: number;
  /** Share of issues failing at random (0–1); deterministic tests use the 【模拟失败】 marker instead. */
  failureRate: number;
  random: () => number;
  now: () => Date;
  /**
   * Position 5 of the number is "issuing-channel information" (§2.1) without a published code list; the
   * provider examples (24312000000136634917, 26332000000123456789, 23922000000015868252) all show 2.
   */
  channelDigit: string;
  /** The line a tenant starts with when no administrator has set one (100万元). */
  defaultMonthlyLimitFen: number;
  /**
   * Whether a red invoice gives its 价税合计 back to the month's line. §11.1 marks this UNCONFIRMED, so the
   * conservative default is no: the line only ever shrinks within a month.
   */
  redRestoresCredit: boolean;
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  latencyMs: 0,
  failureRate: 0,
  random: Math.random,
  now: () => new Date(),
  channelDigit: '2',
  defaultMonthlyLimitFen: 100_000_000,
  redRestoresCredit: false,
};

/** A buyer name containing this fails like a bureau rejection, so tests can drive the failure path. */
export const FAILURE_MARKER = '【模拟失败】';

/** The 72-hour confirmation window of a 确认单 (§6.1). */
export const RED_FORM_WINDOW_MS = 72 * 3600_000;

// China has no daylight saving: Asia/Shanghai is UTC+8 all year, so dates are a fixed shift.
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const shanghai = (d: Date) => new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString();

/** yyyy-MM-dd of the bureau's calendar. */
export const shanghaiDate = (d: Date) => shanghai(d).slice(0, 10);
/** 属期 yyyyMM (§11.1). */
export const shanghaiMonth = (d: Date) => shanghai(d).slice(0, 7).replace('-', '');
export const shanghaiYear = (d: Date) => Number(shanghai(d).slice(0, 4));
