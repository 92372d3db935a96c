// Plain constants without zod, so the console's first page can import them without the contracts.

/**
 * The console's session lives in an HttpOnly cookie the server sets (spec §9: named Authorization, value
 * "Bearer <token>"), so no script can read the token. A request that authenticates by that cookie must also
 * carry this header: a page of another site cannot set it without a CORS preflight the server never grants,
 * so a cookie alone (a plain navigation, a cross-site form) is never a credential.
 */
export const CONSOLE_HEADER = 'x-requested-with';
export const CONSOLE_HEADER_VALUE = 'fpy-console';
/** The HttpOnly cookie holding "Bearer <token>". */
export const SESSION_COOKIE = 'Authorization';
/** A readable companion cookie ("1") that only tells the console a session cookie exists; it holds no secret. */
export const SESSION_MARKER_COOKIE = 'fpy_session';
