import { STATUS_MESSAGES, type ApiErrorBody } from '@portal/contracts';

/** Timeouts count as 408 (spec §8). */
export const TIMEOUT_STATUS = 408;

export const isApiErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

/** Success is any status from 200 to 299 (spec §8). */
export const isSuccess = (status: number): boolean => status >= 200 && status <= 299;

/**
 * The toast text for a failed call: the server's own message when it sent the common error body,
 * otherwise the spec's text for the status. Null for 401, which is handled silently by refreshing.
 */
export function errorToastText(status: number | undefined, body: unknown, fallback: (status?: number) => string): string | null {
  if (status === 401) return null;
  if (isApiErrorBody(body) && body.message) return body.message;
  return (status !== undefined && STATUS_MESSAGES[status]) || fallback(status);
}
