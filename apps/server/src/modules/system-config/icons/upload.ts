import { createHash, randomUUID } from 'node:crypto';
import { ICON_NAME_PATTERN, MAX_ICON_BYTES, MAX_ICONS_PER_UPLOAD, type Icon } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';
import { plainChange } from '../common/marked-one.ts';
import { icons } from '../tables.ts';
import { checkIconContent, IconRefused } from './content-type.ts';
import { ICONS_CHANGED_TOPIC, toIcon } from './rows.ts';

/** A file part of an upload, read whole (at most MAX_ICON_BYTES, `truncated` when it was longer). */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

const NAME = new RegExp(ICON_NAME_PATTERN);

/** The icon's name: its file name without the extension (`arrow-left.svg` → `arrow-left`). */
const nameOf = (filename: string) => filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');

interface Accepted {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Each file checked by its content; every refusal is gathered, so the 400 names all the files at fault. */
function checkFiles(files: UploadedFile[]): Accepted[] {
  if (files.length === 0) throw badRequest('Attach one or more icon files (multipart file parts)', { field: 'file' });
  if (files.length > MAX_ICONS_PER_UPLOAD) throw badRequest(`At most ${MAX_ICONS_PER_UPLOAD} icons per upload`, { field: 'file' });
  const refused: { file: string; reason: string }[] = [];
  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  for (const { filename, bytes, truncated } of files) {
    const name = nameOf(filename);
    const refuse = (reason: string) => void refused.push({ file: filename, reason });
    if (!NAME.test(name)) refuse('the file name (without extension) must be letters, digits, "-" and "_", at most 64');
    else if (seen.has(name)) refuse('another file of this upload has the same name');
    else if (truncated || bytes.length > MAX_ICON_BYTES) refuse(`larger than ${MAX_ICON_BYTES / 1024} KB`);
    else if (bytes.length === 0) refuse('empty');
    else {
      try {
        accepted.push({ name, ...checkIconContent(bytes) });
      } catch (error) {
        if (!(error instanceof IconRefused)) throw error;
        refuse(error.message);
      }
    }
    seen.add(name);
  }
  if (refused.length > 0) {
    const list = refused.map(({ file, reason }) => `${file}: ${reason}`).join('; ');
    throw badRequest(`Refused, nothing was stored: ${list}`, { field: 'file', refused });
  }
  return accepted;
}

/**
 * Stores the icons of an upload into a classification, all or none: every file is checked first, the
 * bytes are written to storage, then the rows in one transaction; if that fails, the bytes written
 * are removed again. A name already taken (in any classification) answers 409.
 */
export async function uploadIcons(
  service: SystemConfigService,
  actor: AuditActor,
  classification: string,
  files: UploadedFile[],
): Promise<Icon[]> {
  const { db, storage } = service;
  const accepted = checkFiles(files);
  const names = accepted.map((icon) => icon.name);
  const taken = await db.select({ name: icons.name }).from(icons).where(inArray(icons.name, names));
  if (taken.length > 0) {
    const list = taken.map((row) => row.name).join(', ');
    throw new AppError('CONFLICT', `Icons with these names already exist: ${list}`, { field: 'name', names: taken.map((row) => row.name) });
  }
  const stored = accepted.map((icon) => ({
    ...icon,
    storageKey: `icons/${randomUUID()}`,
    sha256: createHash('sha256').update(icon.bytes).digest('hex'),
  }));
  try {
    for (const icon of stored) await storage.put(icon.storageKey, icon.bytes);
    const rows = await uniqueAsConflict(
      () =>
        plainChange(db)(actor, async (tx) => {
          const inserted = await tx
            .insert(icons)
            .values(
              stored.map(({ name, contentType, bytes, sha256, storageKey }) => ({
                classification,
                name,
                contentType,
                size: bytes.length,
                sha256,
                storageKey,
              })),
            )
            .returning();
          await recordAudit(tx, actor, {
            action: 'icons.upload',
            targetType: 'icon-classification',
            targetId: classification,
            after: inserted,
          });
          tx.afterCommit(ICONS_CHANGED_TOPIC);
          return inserted;
        }),
      'An icon',
    );
    return rows.map(toIcon);
  } catch (error) {
    await Promise.allSettled(stored.map((icon) => storage.delete(icon.storageKey)));
    throw error;
  }
}
