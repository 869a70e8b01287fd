import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { notFound } from '../errors.ts';
import { assertStorageKey, type ObjectStorage } from './storage.ts';
import { abortUpload, putInParts } from './s3-put.ts';
import { loadS3Sdk, type S3Link, type S3Sdk } from './s3-sdk.ts';

export interface S3StorageOptions {
  /** Makes the client, the first time the driver is used (the SDK is loaded then). */
  connect: (sdk: S3Sdk) => S3Client;
  bucket: string;
  /** Before every key (`portal/`), so the bucket may hold other things too. */
  prefix: string;
}

/** A leftover of the S3 driver: a multipart upload a crash left unfinished (never visible as an object). */
const LEFTOVER = /^(.+)\?uploadId=(.+)$/;

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return (
    name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
};

/** `bytes 0-99/1234` → 1234. */
const totalOf = (contentRange: string | undefined) => Number(contentRange?.split('/')[1]);

/**
 * The S3 driver: objects in a bucket of any S3-compatible service. A write is a multipart upload
 * (or, when small, one PUT) completed only after its check passed: S3 shows an object once complete,
 * so readers never see a partial one, and a refused or cut write leaves nothing but an unfinished
 * upload, which `listOlderThan` reports as a leftover and `removeLeftover` aborts.
 */
export function createS3Storage({ connect, bucket, prefix }: S3StorageOptions): ObjectStorage {
  let linking: Promise<S3Link> | undefined;
  const link = () => (linking ??= loadS3Sdk().then((sdk) => ({ sdk, client: connect(sdk) })));
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  const unprefixed = (key: string) => key.slice(prefix.length);

  return {
    put: async (key, bytes, options = {}) => putInParts(await link(), bucket, keyOf(key), bytes, options),

    async read(key, range) {
      const { sdk, client } = await link();
      let output: GetObjectCommandOutput;
      try {
        output = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
      } catch (error) {
        if (isMissing(error)) throw notFound('The object');
        throw error;
      }
      const size = range ? totalOf(output.ContentRange) : Number(output.ContentLength);
      return { stream: output.Body as Readable, size };
    },

    async delete(key) {
      const { sdk, client } = await link();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },

    async listOlderThan(under, before) {
      const { sdk, client } = await link();
      const scope = `${keyOf(under)}/`;
      const found = { objects: [] as string[], leftovers: [] as string[] };
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: scope, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) found.objects.push(unprefixed(object.Key));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
      for (;;) {
        const page = await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: bucket, Prefix: scope, ...markers }));
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before) {
            found.leftovers.push(`${unprefixed(upload.Key)}?uploadId=${upload.UploadId}`);
          }
        }
        if (!page.IsTruncated) break;
        markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
      }
      return found;
    },

    async removeLeftover(leftover) {
      const [, key, uploadId] = LEFTOVER.exec(leftover) ?? [];
      if (!key || !uploadId) throw new Error(`Not a leftover: ${JSON.stringify(leftover)}`);
      await abortUpload(await link(), bucket, keyOf(key), uploadId);
    },
  };
}
