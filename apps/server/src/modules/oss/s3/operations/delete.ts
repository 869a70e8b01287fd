import { AppError } from '../../../../platform/errors.ts';
import { ACTION_OF } from '../../keys/actions.ts';
import { deleteObject } from '../../objects/changes.ts';
import { authorizedBucket, checkPolicy } from '../authorize.ts';
import { readSmallBody } from '../body.ts';
import { S3Error } from '../errors.ts';
import { keyOf, type S3Exchange } from '../exchange.ts';
import { fromAppError, sendEmpty, sendXml } from '../respond.ts';
import { parseDeleteObjects } from '../xml-parse.ts';
import { deleteResultXml, type DeleteOutcome } from '../xml.ts';
import type { BucketRow } from '../../buckets/levels.ts';

/** Deletes a key; one that is not there is no error (S3's deletes are idempotent). */
async function deleteKey(exchange: S3Exchange, bucket: BucketRow, key: string): Promise<void> {
  try {
    await deleteObject(exchange.service, bucket, key, { folderMustBeEmpty: false });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
  }
}

export async function deleteS3Object(exchange: S3Exchange) {
  const key = keyOf(exchange);
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  await deleteKey(exchange, bucket, key);
  sendEmpty(exchange.res, 204);
}

/** The S3 error one key of a DeleteObjects failed with. */
function keyError(error: unknown): S3Error {
  if (error instanceof S3Error) return error;
  if (error instanceof AppError) return fromAppError(error, { operation: 'DeleteObject', key: '' });
  throw error;
}

/** DeleteObjects: up to 1000 keys, each checked against the key's policy on its own; Quiet lists only the failures. */
export async function deleteS3Objects(exchange: S3Exchange) {
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  const request = parseDeleteObjects(await readSmallBody(exchange, 2 * 1024 * 1024));
  const outcome: { deleted: DeleteOutcome['deleted'][number][]; errors: DeleteOutcome['errors'][number][] } = { deleted: [], errors: [] };
  for (const { key, versionId } of request.objects) {
    const version = versionId === undefined ? {} : { versionId };
    try {
      if (versionId !== undefined && versionId !== 'null') throw new S3Error('NoSuchVersion', 'The specified version does not exist.');
      checkPolicy(exchange, ACTION_OF.DeleteObject, bucket.name, { kind: 'object', key });
      await deleteKey(exchange, bucket, key);
      outcome.deleted.push({ key, ...version });
    } catch (error) {
      const failure = keyError(error);
      outcome.errors.push({ key, ...version, code: failure.code, message: failure.message });
    }
  }
  sendXml(exchange.res, deleteResultXml(outcome, request.quiet));
}
