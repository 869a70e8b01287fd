import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  BUCKET_LEVELS,
  BUCKET_POLICIES,
  PROCESSOR_NAME_PATTERN,
  SUBJECT_TYPES,
  type AccessKeyPolicy,
  type ProcessorStep,
} from '@portal/contracts';
import { createdAtColumn, idColumn, instant } from '../../platform/db/columns.ts';
import { userReference } from '../permission/references.ts';

const bytes = (name: string) => bigint(name, { mode: 'number' });
const updatedAtColumn = () => instant('updated_at').notNull().defaultNow();

/** A bucket (a "space"): its name is S3's (3–63 lowercase characters), its limits null when there are none. */
export const ossBuckets = pgTable(
  'oss_buckets',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Null once the owner's account is deleted: an administrator hands the bucket to someone else. */
    ownerId: uuid('owner_id').references(userReference, { onDelete: 'set null' }),
    policy: text('policy', { enum: BUCKET_POLICIES }).notNull().default('private'),
    quotaBytes: bytes('quota_bytes'),
    quotaObjects: integer('quota_objects'),
    maxUploadBytes: bytes('max_upload_bytes'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('oss_buckets_name_unique').on(t.name),
    check('oss_buckets_name_valid', sql`${t.name} ~ '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$'`),
    index('oss_buckets_owner_idx').on(t.ownerId),
  ],
);

/**
 * An object: its key is the client's (S3 rules), its bytes are in object storage under `storageKey`,
 * which the server makes (never from the key). Keys sort and match by bytes (collate "C"), as S3 lists them.
 */
export const ossObjects = pgTable(
  'oss_objects',
  {
    id: idColumn(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => ossBuckets.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    size: bytes('size').notNull(),
    contentType: text('content_type').notNull(),
    /** MD5 of the bytes, hex; for a multipart upload S3's `<md5 of part md5s>-<parts>`. */
    etag: text('etag').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('oss_objects_bucket_key_unique').on(t.bucketId, sql`${t.key} collate "C"`),
    uniqueIndex('oss_objects_storage_key_unique').on(t.storageKey),
  ],
);

/** A user's or a group's level on a bucket (the owner holds admin without a row). */
export const ossBucketPermissions = pgTable(
  'oss_bucket_permissions',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => ossBuckets.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: SUBJECT_TYPES }).notNull(),
    /** A user's or a group's id (permission's); a grant of a deleted one reaches nobody. */
    subjectId: uuid('subject_id').notNull(),
    level: text('level', { enum: BUCKET_LEVELS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.subjectType, t.subjectId] }), index('oss_bucket_permissions_subject_idx').on(t.subjectId)],
);

/** A multipart (resumable) upload in progress: its parts are stored apart until it is completed or aborted. */
export const ossMultipartUploads = pgTable(
  'oss_multipart_uploads',
  {
    id: idColumn(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => ossBuckets.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    initiatorId: uuid('initiator_id').references(userReference, { onDelete: 'set null' }),
    /** The access key that started it, when through the S3 API. */
    accessKeyId: text('access_key_id'),
    contentType: text('content_type'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [index('oss_multipart_uploads_bucket_key_idx').on(t.bucketId, sql`${t.key} collate "C"`)],
);

export const ossMultipartParts = pgTable(
  'oss_multipart_parts',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => ossMultipartUploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: bytes('size').notNull(),
    etag: text('etag').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.partNumber] }),
    check('oss_multipart_parts_number', sql`${t.partNumber} between 1 and 10000`),
  ],
);

/** An S3 access key: its secret is sealed (AES-256-GCM, bound to the key id) since SigV4 needs it back. */
export const ossAccessKeys = pgTable(
  'oss_access_keys',
  {
    accessKeyId: text('access_key_id').primaryKey(),
    secretSealed: text('secret_sealed').notNull(),
    ownerId: uuid('owner_id').notNull().references(userReference, { onDelete: 'cascade' }),
    name: text('name'),
    policy: jsonb('policy').$type<AccessKeyPolicy>().notNull(),
    state: text('state', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    lastUsedAt: instant('last_used_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('oss_access_keys_owner_idx').on(t.ownerId)],
);

/** Requests per bucket, hour and method, added up as they happen, so statistics read roll-ups and never the raw requests. */
export const ossRequestRollups = pgTable(
  'oss_request_rollups',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => ossBuckets.id, { onDelete: 'cascade' }),
    hour: instant('hour').notNull(),
    method: text('method').notNull(),
    count: bytes('count').notNull().default(0),
    bytesIn: bytes('bytes_in').notNull().default(0),
    bytesOut: bytes('bytes_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.hour, t.method] }), index('oss_request_rollups_hour_idx').on(t.hour)],
);

/** A named image pipeline of a bucket, applied to downloads by `?x-process=<name>`; `definition` holds its steps. */
export const ossProcessors = pgTable(
  'oss_processors',
  {
    id: idColumn(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => ossBuckets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<{ steps: ProcessorStep[] }>().notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('oss_processors_bucket_name_unique').on(t.bucketId, t.name),
    check('oss_processors_name_valid', sql.raw(`"name" ~ '${PROCESSOR_NAME_PATTERN}'`)),
  ],
);

/** A conversion of every object under a prefix through a processor (its steps as they were when it started). */
export const ossConversions = pgTable('oss_conversions', {
  id: idColumn(),
  bucketId: uuid('bucket_id')
    .notNull()
    .references(() => ossBuckets.id, { onDelete: 'cascade' }),
  processorName: text('processor_name').notNull(),
  sourcePrefix: text('source_prefix').notNull(),
  targetPrefix: text('target_prefix').notNull(),
  startedBy: uuid('started_by').references(userReference, { onDelete: 'set null' }),
  createdAt: createdAtColumn(),
});

export const CONVERSION_ITEM_STATES = ['pending', 'done', 'failed'] as const;

/** One object of a conversion; its id is the id of the job converting it, so the job's outcome finds its row. */
export const ossConversionItems = pgTable(
  'oss_conversion_items',
  {
    id: uuid('id').primaryKey(),
    conversionId: uuid('conversion_id')
      .notNull()
      .references(() => ossConversions.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    targetKey: text('target_key').notNull(),
    state: text('state', { enum: CONVERSION_ITEM_STATES }).notNull().default('pending'),
    error: text('error'),
  },
  (t) => [index('oss_conversion_items_conversion_idx').on(t.conversionId, t.state)],
);
