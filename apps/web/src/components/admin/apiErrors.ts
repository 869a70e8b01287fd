import type { ApiErrorBody } from '@portal/contracts';
import { isAxiosError } from 'axios';
import { isApiErrorBody } from '../../api/errors.ts';

/** The server's error body of a failed call, if it answered with the common error shape. */
export function apiErrorOf(error: unknown): (ApiErrorBody & { status: number | undefined }) | undefined {
  if (!isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return isApiErrorBody(body) ? { ...body, status: error.response?.status } : undefined;
}

/**
 * The form field a 400/409 answer blames, so the form can show the message beside it. The server
 * names it as `details.field` (conflicts, e.g. a duplicate username; validation, possibly as a path
 * such as `body.email`) or as an instance path such as `/body/email`.
 */
export function fieldErrorOf(error: unknown, knownFields: readonly string[]): { field: string; message: string } | undefined {
  const body = apiErrorOf(error);
  if (!body?.details) return undefined;
  const { details } = body;
  const candidates = [
    details.field,
    lastSegment(details.field),
    details.property,
    lastSegment(details.instancePath),
    lastSegment(details.path),
  ];
  const field = candidates.find((candidate): candidate is string => typeof candidate === 'string' && knownFields.includes(candidate));
  return field ? { field, message: body.message } : undefined;
}

const lastSegment = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.split(/[/.]/).filter(Boolean).at(-1) : undefined;
