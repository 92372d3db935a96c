import { ErrorStatus } from '@fpy/domain';

/**
 * A refusal the client should see: HTTP status + body { status, code, message } (architecture "Errors").
 * Handlers throw these; the error plugin turns them into replies. Anything else becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, ErrorStatus.Validation, code, message, details);
export const unauthenticated = (message = '登录已失效，请重新登录', code = 'TOKEN_INVALID') =>
  new AppError(401, ErrorStatus.Unauthenticated, code, message);
export const forbidden = (message = '没有权限执行此操作', code = 'FORBIDDEN') =>
  new AppError(403, ErrorStatus.Forbidden, code, message);
export const notFound = (message = '记录不存在', code = 'NOT_FOUND') =>
  new AppError(404, ErrorStatus.NotFound, code, message);
/** A business rule refused the action (body status 30101: the client shows a 失败 warning). */
export const businessError = (code: string, message: string, details?: unknown) =>
  new AppError(409, ErrorStatus.BusinessFailure, code, message, details);
export const tooManyRequests = (message = '操作过于频繁，请稍后再试') =>
  new AppError(429, ErrorStatus.TooManyRequests, 'RATE_LIMITED', message);
