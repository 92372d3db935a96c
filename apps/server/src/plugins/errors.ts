import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage, type MessageKey } from '@fpy/contracts';
import { ErrorStatus } from '@fpy/domain';
import { requestLang } from '../http/lang.ts';
import { AppError } from '../lib/errors.ts';

/**
 * One place turns every failure into { status, code, message, requestId } — never a stack trace. The message is
 * worded here, from the catalogue, in the request's language (X-Locale, Accept-Language, else Chinese).
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const requestId = req.id;
    const lang = requestLang(req);
    const say = (key: MessageKey, params?: Record<string, string>) => formatMessage(key, params, lang);
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send({
        status: err.status,
        code: err.code,
        message: err.messageIn(lang),
        requestId,
        details: err.detailsIn(lang),
      });
    }
    const fe = err as FastifyError;
    // An uploaded file past the server-wide multipart cap can surface from the request stream before the
    // handler's own size check; answer it like that check does, whichever comes first.
    if (
      fe.code === 'FST_REQ_FILE_TOO_LARGE' ||
      fe.code === 'FST_FILES_LIMIT' ||
      fe.code === 'FST_PARTS_LIMIT'
    ) {
      return reply.status(400).send({
        status: ErrorStatus.Validation,
        code: 'FILE_TOO_LARGE',
        message: say(
          fe.code === 'FST_REQ_FILE_TOO_LARGE' ? 'FILE_TOO_LARGE.upload' : 'FILE_TOO_LARGE.one_file',
        ),
        requestId,
      });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({
        status: ErrorStatus.PayloadTooLarge,
        code: 'PAYLOAD_TOO_LARGE',
        message: say('PAYLOAD_TOO_LARGE'),
        requestId,
      });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const key: MessageKey =
        fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'BAD_REQUEST.media_type'
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'BAD_REQUEST.json'
            : 'BAD_REQUEST';
      return reply.status(fe.statusCode).send({
        status: fe.statusCode === 415 ? 400 : fe.statusCode,
        code: fe.code ?? 'BAD_REQUEST',
        message: say(key),
        requestId,
      });
    }
    req.log.error({ err, requestId }, 'unhandled error');
    return reply.status(500).send({
      status: ErrorStatus.Internal,
      code: 'INTERNAL_ERROR',
      message: say('INTERNAL_ERROR', { requestId }),
      requestId,
    });
  });
}

/**
 * Fastify's own refusals before any route is found (an over-long or malformed path parameter): worded like every
 * other 4xx, in the request's language — Fastify's text would echo the address back. Passed as `frameworkErrors`.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.status(status).send({
    status,
    code: err.code ?? 'BAD_REQUEST',
    message: formatMessage('BAD_REQUEST', undefined, requestLang(req)),
    requestId: req.id,
  });
}
