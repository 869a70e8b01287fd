import type { CompletedPart } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { meteredStream, type StreamDigest } from './metered.ts';
import type { S3Link } from './s3-sdk.ts';
import type { PutOptions } from './storage.ts';

/** Bytes per part: S3's parts but the last are at least 5 MiB; two parts at most are held at once. */
export const PART_BYTES = 8 * 1024 ** 2;

export async function abortUpload({ sdk, client }: S3Link, bucket: string, key: string, uploadId: string): Promise<void> {
  try {
    await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
  }
}

/**
 * Streams the bytes to the key as a multipart upload, one part uploading while the next fills, and
 * completes it only once `verify` accepted the digest; bytes that fit one part go as a single PUT
 * after the check. Whatever fails, the upload is aborted: nothing appears at the key.
 */
export async function putInParts(
  s3: S3Link,
  bucket: string,
  key: string,
  bytes: Uint8Array | Readable,
  options: PutOptions,
): Promise<StreamDigest> {
  const meter = meteredStream(options.maxBytes);
  const source = bytes instanceof Readable ? bytes : Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const { sdk, client } = s3;
  const target = { Bucket: bucket, Key: key };
  const parts: CompletedPart[] = [];
  let uploadId: string | undefined;
  let uploading: Promise<void> = Promise.resolve();
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const sendPart = async () => {
    const body = Buffer.concat(pending);
    [pending, pendingBytes] = [[], 0];
    await uploading;
    uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand(target))).UploadId;
    const PartNumber = parts.length + 1;
    parts.push({ PartNumber });
    uploading = client
      .send(new sdk.UploadPartCommand({ ...target, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }))
      .then(({ ETag }) => {
        parts[PartNumber - 1] = { PartNumber, ETag };
      });
    // A failed part fails the write at the next await of `uploading`; until then it must not go unhandled.
    uploading.catch(() => undefined);
  };

  try {
    await pipeline(source, meter.stream, async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
    });
    await uploading;
    const digest = await meter.digest();
    await options.verify?.(digest);
    if (uploadId === undefined) {
      await client.send(new sdk.PutObjectCommand({ ...target, Body: Buffer.concat(pending), ContentLength: pendingBytes }));
    } else {
      if (pendingBytes > 0) await sendPart();
      await uploading;
      await client.send(new sdk.CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    }
    return digest;
  } catch (error) {
    await uploading.catch(() => undefined);
    if (uploadId !== undefined) await abortUpload(s3, bucket, key, uploadId).catch(() => undefined);
    throw error;
  }
}
