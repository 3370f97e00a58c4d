import { z } from '@hono/zod-openapi';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'INVALID_TEXT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'INSUFFICIENT_CREDITS'
  | 'CREDIT_DEDUCTION_FAILED'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE';

/** The one application error: services throw it, the HTTP layer turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'NOT_FOUND' }),
      message: z.string().openapi({ example: 'Job not found' }),
      details: z.unknown().optional(),
    }),
  })
  .openapi('Error');

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function errorBody(code: string, message: string, details?: unknown): ErrorResponse {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** The answer to an error we did not expect (the caller logs it): no internals, only the request's reference. */
export const internalErrorBody = (requestId: string | undefined): ErrorResponse =>
  errorBody('INTERNAL_ERROR', `Something went wrong on our side. Reference: ${requestId ?? 'none'}`);

/** A zod validation failure as the 400 every route answers: the first issue in the message, all in details. */
export function invalidRequest(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first
    ? `Invalid request: ${first.path ? `${first.path}: ` : ''}${first.message}`
    : 'Invalid request';
  return new AppError('VALIDATION_ERROR', 400, message, issues);
}
