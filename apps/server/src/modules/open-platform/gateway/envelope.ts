import { type Lang, type OpenErrorCode, openError } from '@fpy/contracts';
import { ErrorStatus } from '@fpy/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '../../../http/lang.ts';
import { AppError } from '../../../lib/errors.ts';

/** A refusal of the open API: a code of openErrorCatalogue (its HTTP status and message), with optional data. */
export class OpenRefusal extends Error {
  constructor(
    readonly code: OpenErrorCode,
    readonly data?: unknown,
  ) {
    super(code);
  }
}

export interface Envelope {
  code: string;
  message: string;
  requestId: string;
  data: unknown;
}

export const okEnvelope = (req: FastifyRequest, data: unknown): Envelope => ({
  code: 'OK',
  message: openError('OK').message[requestLang(req)],
  requestId: req.id,
  data: data ?? null,
});

/** Any failure → { status, envelope }: catalogue refusals as they are; the service's own errors by kind. */
export function envelopeOf(err: unknown, lang: Lang, requestId: string): { status: number; body: Envelope } {
  const cat = (code: OpenErrorCode, data: unknown = null, message?: string) => {
    const e = openError(code);
    return { status: e.status, body: { code, message: message ?? e.message[lang], requestId, data } };
  };
  if (err instanceof OpenRefusal) return cat(err.code, err.data ?? null);
  if (err instanceof AppError) {
    const data = { reason: err.code, details: err.detailsIn(lang) ?? null };
    const msg = err.messageIn(lang);
    if (err.httpStatus === 400) return cat('INVALID_PARAMETER', data, msg);
    if (err.httpStatus === 404) return cat('NOT_FOUND', data, msg);
    if (err.httpStatus === 409)
      return cat(err.status === ErrorStatus.BusinessFailure ? 'BUSINESS_ERROR' : 'CONFLICT', data, msg);
    if (err.httpStatus === 413) return cat('BODY_TOO_LARGE', data, msg);
    if (err.httpStatus === 429) return cat('RATE_LIMITED', data, msg);
    if (err.httpStatus === 503) return cat('SERVICE_UNAVAILABLE', data, msg);
    if (err.httpStatus < 500)
      return { status: err.httpStatus, body: { code: 'BUSINESS_ERROR', message: msg, requestId, data } };
    return cat('INTERNAL_ERROR');
  }
  const fe = err as FastifyError;
  if (fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return cat('MALFORMED_JSON');
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe?.statusCode === 413) return cat('BODY_TOO_LARGE');
  if (fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe?.statusCode === 415)
    return cat('UNSUPPORTED_MEDIA_TYPE');
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return cat('INVALID_PARAMETER');
  return cat('INTERNAL_ERROR');
}

/** The route-level error handler of every open route: the envelope, never a stack trace. */
export function openErrorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const { status, body } = envelopeOf(err, requestLang(req), req.id);
  if (status >= 500) req.log.error({ err, requestId: req.id }, 'open api error');
  req.openCode = body.code;
  return reply.status(status).send(body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code of an open-API reply (the call log records it). */
    openCode?: string;
  }
}
