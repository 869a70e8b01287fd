import { PROCESSORS_PER_BUCKET, type ProcessorDefinition, type ProcessorInput, type StoredProcessor } from '@portal/contracts';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossProcessors as processors } from '../tables.ts';
import { enqueueCacheSweep } from './cache.ts';
import { definitionProblems, type Problem } from './definition-problems.ts';

export type ProcessorRow = typeof processors.$inferSelect;

export const definitionOf = (row: ProcessorRow): ProcessorDefinition => ({ name: row.name, steps: row.definition.steps });

export const toStoredProcessor = (row: ProcessorRow): StoredProcessor => ({
  id: row.id,
  bucketId: row.bucketId,
  name: row.name,
  steps: row.definition.steps,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `step 2 (resize): width must be at most 8192`: where a person editing the processor looks. */
function describeProblem(problem: Problem, value: ProcessorInput): string {
  const step = /^\/steps\/(\d+)/.exec(problem.path);
  if (!step) return problem.message;
  const index = Number(step[1]);
  const op = (value.steps[index] as { op?: unknown } | undefined)?.op;
  return `step ${index + 1}${typeof op === 'string' ? ` (${op})` : ''}: ${problem.message}`;
}

/** The input as a valid definition, or a 400 naming every problem (`details.problems`, JSON pointers into the body). */
export function checkedDefinition(input: ProcessorInput, field = 'body'): ProcessorDefinition {
  const problems = definitionProblems(input);
  if (problems.length === 0) return input as ProcessorDefinition;
  const described = problems.map((problem) => describeProblem(problem, input));
  throw new AppError('VALIDATION_FAILED', `The processor is invalid: ${described.join('; ')}`, {
    field: `${field}${problems[0]!.path.replace(/\//g, '.')}`,
    problems: problems.map((problem, i) => ({ ...problem, message: described[i] })),
  });
}

export const listProcessors = (db: Db, bucketId: string) =>
  db.select().from(processors).where(eq(processors.bucketId, bucketId)).orderBy(asc(processors.name));

const processorWhere = async (db: Db, bucketId: string, which: SQL): Promise<ProcessorRow | undefined> =>
  (
    await db
      .select()
      .from(processors)
      .where(and(eq(processors.bucketId, bucketId), which))
  )[0];

export async function processorById(db: Db, bucketId: string, id: string): Promise<ProcessorRow> {
  const row = await processorWhere(db, bucketId, eq(processors.id, id));
  if (!row) throw notFound('The processor');
  return row;
}

export const processorNamed = (db: Db, bucketId: string, name: string) => processorWhere(db, bucketId, eq(processors.name, name));

/** The bucket's processor by name (what downloads and conversions name it by), or a 404 saying there is none. */
export async function processorCalled(
  db: Db,
  bucketId: string,
  name: string,
  details: Record<string, unknown> = {},
): Promise<ProcessorRow> {
  const row = await processorNamed(db, bucketId, name);
  if (!row) throw new AppError('NOT_FOUND', `The bucket has no processor named '${name}'`, { processor: name, ...details });
  return row;
}

/** Refuses more than PROCESSORS_PER_BUCKET processors (counted in the transaction adding `adding`). */
export async function assertRoomFor(tx: Db, bucketId: string, adding: number): Promise<void> {
  const [held] = await tx.select({ n: count() }).from(processors).where(eq(processors.bucketId, bucketId));
  if ((held?.n ?? 0) + adding > PROCESSORS_PER_BUCKET) {
    throw new AppError('CONFLICT', `A bucket holds at most ${PROCESSORS_PER_BUCKET} processors`, { limit: PROCESSORS_PER_BUCKET });
  }
}

export const nameTaken = (write: () => Promise<ProcessorRow[]>) => uniqueAsConflict(write, 'A processor');

export async function createProcessor(service: OssService, bucket: BucketRow, input: ProcessorInput): Promise<StoredProcessor> {
  const definition = checkedDefinition(input);
  const [row] = await transaction(service.db, async (tx) => {
    await assertRoomFor(tx, bucket.id, 1);
    return nameTaken(() =>
      tx
        .insert(processors)
        .values({ bucketId: bucket.id, name: definition.name, definition: { steps: definition.steps } })
        .returning(),
    );
  });
  return toStoredProcessor(row!);
}

/** A processor's results cached under its old steps are swept with the change (the sweep job is queued in its transaction). */
export async function updateProcessor(service: OssService, row: ProcessorRow, input: ProcessorInput): Promise<StoredProcessor> {
  const definition = checkedDefinition(input);
  const [updated] = await transaction(service.db, async (tx: Tx) => {
    await enqueueCacheSweep(tx, row.bucketId);
    return nameTaken(() =>
      tx
        .update(processors)
        .set({ name: definition.name, definition: { steps: definition.steps }, updatedAt: new Date() })
        .where(eq(processors.id, row.id))
        .returning(),
    );
  });
  if (!updated) throw notFound('The processor');
  return toStoredProcessor(updated);
}

export async function deleteProcessor(service: OssService, row: ProcessorRow): Promise<void> {
  await transaction(service.db, async (tx) => {
    await tx.delete(processors).where(eq(processors.id, row.id));
    await enqueueCacheSweep(tx, row.bucketId);
  });
}
