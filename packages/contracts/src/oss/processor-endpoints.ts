import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Timestamp } from '../paging.ts';
import { BucketParams } from './buckets.ts';
import { OBJECT_KEY_MAX_BYTES, ObjectKey } from './objects.ts';
import { OSS_PREFIX } from './prefix.ts';
import { PROCESSOR_LIMITS, ProcessorStep } from './processors.ts';

/** The most processors one bucket holds, and the most text one import reads. */
export const PROCESSORS_PER_BUCKET = 200;
export const PROCESSOR_IMPORT_MAX_CHARS = 256 * 1024;
/** The most objects one conversion takes. */
export const CONVERSION_MAX_OBJECTS = 100_000;

/**
 * Steps as a caller sends them: each is checked by the server, which answers 400 naming the step and
 * the parameter at fault (`details.problems`), words a schema validator's union error cannot give.
 */
const StepInput = Type.Unsafe<ProcessorStep>(Type.Object({ op: Type.String({ maxLength: 32 }) }));
const StepsInput = Type.Array(StepInput, { maxItems: PROCESSOR_LIMITS.steps });

export const ProcessorInput = Type.Object({ name: Type.String({ maxLength: 63 }), steps: StepsInput });
export type ProcessorInput = Static<typeof ProcessorInput>;

export const StoredProcessor = Type.Object({
  id: Type.String(),
  bucketId: Type.String(),
  name: Type.String(),
  steps: Type.Array(ProcessorStep),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type StoredProcessor = Static<typeof StoredProcessor>;

export const ProcessorParams = Type.Object({ ...BucketParams.properties, processorId: Type.String({ format: 'uuid' }) });
export const ProcessorNameParams = Type.Object({ ...BucketParams.properties, name: Type.String({ maxLength: 63 }) });

/** A preview: these steps over the object at `key` in the bucket, or over the sample image when there is no key. */
export const ProcessorPreview = Type.Object({ steps: StepsInput, key: Type.Optional(ObjectKey) });
export type ProcessorPreview = Static<typeof ProcessorPreview>;

/**
 * What an import does with a name the bucket has already: `fail` (the default) refuses the whole
 * import with 409 naming them, `replace` gives them the imported steps, `skip` keeps them as they are.
 */
export const IMPORT_CONFLICT_POLICIES = ['fail', 'replace', 'skip'] as const;
export type ImportConflictPolicy = (typeof IMPORT_CONFLICT_POLICIES)[number];
export const ProcessorImport = Type.Object({
  text: Type.String({ maxLength: PROCESSOR_IMPORT_MAX_CHARS }),
  onConflict: Type.Optional(Type.Enum([...IMPORT_CONFLICT_POLICIES])),
});
export type ProcessorImport = Static<typeof ProcessorImport>;
export const ProcessorImportResult = Type.Object({
  created: Type.Array(Type.String()),
  replaced: Type.Array(Type.String()),
  skipped: Type.Array(Type.String()),
});
export type ProcessorImportResult = Static<typeof ProcessorImportResult>;

const Prefix = Type.String({ maxLength: OBJECT_KEY_MAX_BYTES });
/** Every object under `sourcePrefix` through the processor, written under `targetPrefix` (a convert step's format names the extension). */
export const ConversionStart = Type.Object({ processor: Type.String({ maxLength: 63 }), sourcePrefix: Prefix, targetPrefix: Prefix });
export type ConversionStart = Static<typeof ConversionStart>;
export const CONVERSION_STATES = ['running', 'finished'] as const;
export const Conversion = Type.Object({
  id: Type.String(),
  bucketId: Type.String(),
  processor: Type.String(),
  sourcePrefix: Type.String(),
  targetPrefix: Type.String(),
  state: Type.Enum([...CONVERSION_STATES]),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  /** The first failures, with why. */
  failures: Type.Array(Type.Object({ key: Type.String(), message: Type.String() })),
  createdAt: Timestamp,
});
export type Conversion = Static<typeof Conversion>;
export const ConversionParams = Type.Object({ ...BucketParams.properties, conversionId: Type.String({ format: 'uuid' }) });

const tags = ['oss processors'];
const path = `${OSS_PREFIX}/v1/buckets/{bucketId}/processors`;
const inBucket = { access: 'signedIn', tags, params: BucketParams } as const;
const oneProcessor = { access: 'signedIn', tags, params: ProcessorParams } as const;
const image = { mediaType: 'image/*', description: 'The processed image', schema: Type.String({ format: 'binary' }) };

/**
 * Image processors of a bucket (the "image processing" tab), applied to downloads by `?x-process=<name>`.
 * Reading, previewing and exporting need the read level, changing them the admin level, converting the write level.
 */
export const processorEndpoints = {
  list: endpoint({
    ...inBucket,
    method: 'GET',
    path,
    summary: "The bucket's processors by name (read level)",
    responses: { 200: Type.Array(StoredProcessor), ...errorResponses(403, 404) },
  }),
  nameTaken: endpoint({
    access: 'signedIn',
    tags,
    method: 'HEAD',
    path: `${path}/names/{name}`,
    summary: 'Whether the bucket has a processor by this name: 200 when taken, 404 when free (read level)',
    params: ProcessorNameParams,
    responses: errorResponses(403, 404),
  }),
  create: endpoint({
    ...inBucket,
    method: 'POST',
    path,
    summary: 'Creates a processor (admin level); an invalid step answers 400 naming it, a taken name 409',
    body: ProcessorInput,
    responses: { 200: StoredProcessor, ...errorResponses(400, 403, 404, 409) },
  }),
  get: endpoint({
    ...oneProcessor,
    method: 'GET',
    path: `${path}/{processorId}`,
    summary: 'A processor (read level)',
    responses: { 200: StoredProcessor, ...errorResponses(403, 404) },
  }),
  update: endpoint({
    ...oneProcessor,
    method: 'PUT',
    path: `${path}/{processorId}`,
    summary: "Replaces a processor's name and steps (admin level); its cached results are no longer served",
    body: ProcessorInput,
    responses: { 200: StoredProcessor, ...errorResponses(400, 403, 404, 409) },
  }),
  remove: endpoint({
    ...oneProcessor,
    method: 'DELETE',
    path: `${path}/{processorId}`,
    summary: 'Deletes a processor and its cached results (admin level)',
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
  preview: endpoint({
    ...inBucket,
    method: 'POST',
    path: `${path}/preview`,
    summary: 'Runs steps over an object of the bucket, or the sample image, and answers the image (read level); nothing is stored',
    body: ProcessorPreview,
    responses: errorResponses(400, 403, 404, 413, 415),
    produces: image,
  }),
  exportText: endpoint({
    ...inBucket,
    method: 'GET',
    path: `${path}/export`,
    summary: "The bucket's processors as text, one a line (read level)",
    responses: errorResponses(403, 404),
    produces: { mediaType: 'text/plain', description: 'One processor a line', schema: Type.String() },
  }),
  importText: endpoint({
    ...inBucket,
    method: 'POST',
    path: `${path}/import`,
    summary:
      'Imports processors from text (admin level): all or none; bad lines answer 400 naming each (details.errors), ' +
      'names the bucket has follow onConflict (fail: 409 naming them; replace; skip)',
    body: ProcessorImport,
    responses: { 200: ProcessorImportResult, ...errorResponses(400, 403, 404, 409) },
  }),
  startConversion: endpoint({
    ...inBucket,
    method: 'POST',
    path: `${path}/conversions`,
    summary: 'Converts every object under a prefix through a processor into a target prefix, as background jobs (write level)',
    body: ConversionStart,
    responses: { 200: Conversion, ...errorResponses(400, 403, 404) },
  }),
  conversion: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${path}/conversions/{conversionId}`,
    summary: "A conversion's progress: objects done, failed (with why) and in all (read level)",
    params: ConversionParams,
    responses: { 200: Conversion, ...errorResponses(403, 404) },
  }),
};
