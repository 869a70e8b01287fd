import { ICON_NAME_PATTERN, MAX_ICON_BYTES } from '@portal/contracts';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';

/** Why a file is not sent, known before uploading it (the server checks the same and more). */
export type LocalProblem = 'name' | 'size' | 'empty';

const NAME = new RegExp(ICON_NAME_PATTERN);

/** The icon's name the server will give the file: its name without the extension. */
export const iconNameOf = (fileName: string): string => fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');

/** What stops a file before it is sent, or undefined when it may go. */
export function localProblemOf(file: { name: string; size: number }): LocalProblem | undefined {
  if (!NAME.test(iconNameOf(file.name))) return 'name';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_ICON_BYTES) return 'size';
  return undefined;
}

/** The server's refusal of one file, as the upload list shows it under the file. */
export interface Refusal {
  /** The status's kind, for the page's own words; 'other' shows the server's message as it is. */
  kind: 'refused' | 'taken' | 'tooLarge' | 'type' | 'other';
  /** The server's reason (for a refused file, the reason given for it, without the file name). */
  reason: string;
}

const KIND_BY_STATUS: Record<number, Refusal['kind']> = { 400: 'refused', 409: 'taken', 413: 'tooLarge', 415: 'type' };

/** Reads a failed upload: the status's kind and the reason the server gave for the file. */
export function refusalOf(error: unknown): Refusal {
  const body = apiErrorOf(error);
  if (!body) return { kind: 'other', reason: error instanceof Error ? error.message : String(error) };
  const refused = body.details?.refused;
  const first = Array.isArray(refused) ? (refused[0] as { reason?: unknown } | undefined) : undefined;
  const reason = typeof first?.reason === 'string' ? first.reason : body.message;
  return { kind: (body.status !== undefined && KIND_BY_STATUS[body.status]) || 'other', reason };
}
