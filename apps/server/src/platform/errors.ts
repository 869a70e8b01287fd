import { ERROR_STATUS, type ErrorCode } from '@portal/contracts';

/** A failure the caller can act on: answered with its status and the one error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} does not exist`);
export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError('BAD_REQUEST', message, details);

/** Throws when the condition does not hold; the error says what the caller got wrong. */
export function assertThat(condition: unknown, error: AppError): asserts condition {
  if (!condition) throw error;
}
