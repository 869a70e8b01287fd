import type { ProcessorImport, ProcessorImportResult } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossProcessors as processors } from '../tables.ts';
import { enqueueCacheSweep } from './cache.ts';
import { assertRoomFor, definitionOf, listProcessors, nameTaken } from './store.ts';
import { formatProcessors, parseProcessors, type TextFormatError } from './text-format.ts';

/** The bucket's processors as text (text-format.ts), under a comment line naming the bucket. */
export async function exportProcessors(service: OssService, bucket: BucketRow): Promise<string> {
  const rows = await listProcessors(service.db, bucket.id);
  return `# processors of bucket ${bucket.name}\n${formatProcessors(rows.map(definitionOf))}`;
}

/** The name a line starts with, so an error names the processor as well as the line. */
const processorOnLine = (lines: string[], line: number) => /^\s*([^:#\s]+)\s*:/.exec(lines[line - 1] ?? '')?.[1];

function textRefused(text: string, errors: TextFormatError[]): AppError {
  const lines = text.split(/\r?\n/);
  const named = errors.map((error) => ({ ...error, processor: processorOnLine(lines, error.line) ?? null }));
  const shown = named.slice(0, 5).map((error) => `line ${error.line}${error.processor ? ` (${error.processor})` : ''}: ${error.message}`);
  const more = named.length > shown.length ? `; and ${named.length - shown.length} more` : '';
  return new AppError('VALIDATION_FAILED', `Nothing was imported: ${shown.join('; ')}${more}`, { field: 'body.text', errors: named });
}

/**
 * Imports processors from text, all or none, in one transaction. Names the bucket has already
 * follow `onConflict`: `fail` (default) refuses the import with 409 naming them, `replace` gives them
 * the imported steps (their cached results are swept), `skip` leaves them as they are.
 */
export async function importProcessors(service: OssService, bucket: BucketRow, input: ProcessorImport): Promise<ProcessorImportResult> {
  const parsed = parseProcessors(input.text);
  if (!parsed.ok) throw textRefused(input.text, parsed.errors);
  if (parsed.processors.length === 0) throw badRequest('The text holds no processor', { field: 'body.text' });
  const policy = input.onConflict ?? 'fail';
  return transaction(service.db, async (tx) => {
    const existing = new Set((await listProcessors(tx, bucket.id)).map((row) => row.name));
    const clashing = parsed.processors.filter((definition) => existing.has(definition.name));
    const fresh = parsed.processors.filter((definition) => !existing.has(definition.name));
    const names = clashing.map((definition) => definition.name);
    if (names.length > 0 && policy === 'fail') {
      throw new AppError('CONFLICT', `The bucket has processors named ${names.join(', ')}: import with onConflict replace or skip`, {
        names,
      });
    }
    await assertRoomFor(tx, bucket.id, fresh.length);
    if (fresh.length > 0) {
      const rows = fresh.map(({ name, steps }) => ({ bucketId: bucket.id, name, definition: { steps } }));
      await nameTaken(() => tx.insert(processors).values(rows).returning());
    }
    if (policy === 'replace' && clashing.length > 0) {
      for (const { name, steps } of clashing) {
        await tx
          .update(processors)
          .set({ definition: { steps }, updatedAt: new Date() })
          .where(and(eq(processors.bucketId, bucket.id), eq(processors.name, name)));
      }
      await enqueueCacheSweep(tx, bucket.id);
    }
    return {
      created: fresh.map((definition) => definition.name),
      replaced: policy === 'replace' ? names : [],
      skipped: policy === 'skip' ? names : [],
    };
  });
}
