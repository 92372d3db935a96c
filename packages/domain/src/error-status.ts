/** Numeric body statuses the web client maps to behaviours (spec §8). */
export const ErrorStatus = {
  Validation: 400,
  /** No token, revoked or expired token. */
  Unauthenticated: 40101,
  /** Bad or missing OAuth client credential. */
  BadClient: 40131,
  Forbidden: 40301,
  NotFound: 404,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  /** A business rule refused the action. */
  BusinessFailure: 30101,
  Internal: 500,
} as const;
