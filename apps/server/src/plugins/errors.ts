import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorStatus } from '@fpy/domain';
import { AppError } from '../lib/errors.ts';

/** One place turns every failure into { status, code, message, requestId } — never a stack trace. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const requestId = req.id;
    if (err instanceof AppError) {
      return reply
        .status(err.httpStatus)
        .send({ status: err.status, code: err.code, message: err.message, requestId, details: err.details });
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
        message: fe.code === 'FST_REQ_FILE_TOO_LARGE' ? '上传文件不能超过 10 MB' : '一次只能上传一个文件',
        requestId,
      });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({
        status: ErrorStatus.PayloadTooLarge,
        code: 'PAYLOAD_TOO_LARGE',
        message: '请求内容过大',
        requestId,
      });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? '不支持的请求内容类型'
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? '请求体不是合法的 JSON'
            : '请求不合法';
      return reply.status(fe.statusCode).send({
        status: fe.statusCode === 415 ? 400 : fe.statusCode,
        code: fe.code ?? 'BAD_REQUEST',
        message,
        requestId,
      });
    }
    req.log.error({ err, requestId }, 'unhandled error');
    return reply.status(500).send({
      status: ErrorStatus.Internal,
      code: 'INTERNAL_ERROR',
      message: `服务器内部错误，请联系管理员（请求编号 ${requestId}）`,
      requestId,
    });
  });
}
