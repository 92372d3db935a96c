import {
  codeOfKey,
  formatMessage,
  type Lang,
  LocalText,
  type MessageKey,
  type MessageParams,
  type ParamValue,
} from '@fpy/contracts';
import { ErrorStatus } from '@fpy/domain';

type Params = Readonly<Record<string, ParamValue>> | undefined;

/**
 * A refusal the client should see: HTTP status + body { status, code, message } (architecture "Errors").
 * Handlers throw these with a catalogue key (packages/contracts/src/messages) and its parameters; the error
 * plugin words the message in the request's language. `message` (Error's) is the Chinese, for logs and for
 * callers that collect refusals into a report. Anything else thrown becomes a logged 500.
 */
export class AppError extends Error {
  readonly code: string;
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    readonly key: MessageKey,
    readonly params?: Params,
    readonly details?: unknown,
  ) {
    super(formatMessage(key, params, 'zh'));
    this.code = codeOfKey(key);
  }

  messageIn(lang: Lang): string {
    return formatMessage(this.key, this.params, lang);
  }

  /** The details with any bilingual value (a validation issue's message) put in `lang`. */
  detailsIn(lang: Lang): unknown {
    return localise(this.details, lang, 0);
  }
}

function localise(v: unknown, lang: Lang, depth: number): unknown {
  if (v instanceof LocalText) return v.in(lang);
  if (depth > 4 || !v || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => localise(x, lang, depth + 1));
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, localise(x, lang, depth + 1)]));
}

/**
 * `badRequest('INVOICE_NOT_PRINTABLE', { serial })`: the key must be in the catalogue and the parameters must be
 * exactly the ones its message names — both checked by the compiler.
 */
type Args<K extends MessageKey> =
  undefined extends MessageParams<K>
    ? [params?: MessageParams<K>, details?: unknown]
    : [params: MessageParams<K>, details?: unknown];

export const badRequest = <K extends MessageKey>(key: K, ...[params, details]: Args<K>) =>
  new AppError(400, ErrorStatus.Validation, key, params as Params, details);
export const unauthenticated = <K extends MessageKey = 'TOKEN_INVALID'>(
  key: K = 'TOKEN_INVALID' as K,
  ...[params]: Args<K>
) => new AppError(401, ErrorStatus.Unauthenticated, key, params as Params);
export const forbidden = <K extends MessageKey = 'FORBIDDEN'>(
  key: K = 'FORBIDDEN' as K,
  ...[params]: Args<K>
) => new AppError(403, ErrorStatus.Forbidden, key, params as Params);
export const notFound = <K extends MessageKey = 'NOT_FOUND'>(
  key: K = 'NOT_FOUND' as K,
  ...[params]: Args<K>
) => new AppError(404, ErrorStatus.NotFound, key, params as Params);
/** A business rule refused the action (body status 30101: the client shows a 失败 warning). */
export const businessError = <K extends MessageKey>(key: K, ...[params, details]: Args<K>) =>
  new AppError(409, ErrorStatus.BusinessFailure, key, params as Params, details);
export const tooManyRequests = <K extends MessageKey = 'RATE_LIMITED'>(
  key: K = 'RATE_LIMITED' as K,
  ...[params]: Args<K>
) => new AppError(429, ErrorStatus.TooManyRequests, key, params as Params);
