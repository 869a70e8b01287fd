import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PART_MIN_BYTES } from '@portal/contracts';
import type { OssService } from '../context.ts';
import { multipartError, type PartRow } from './multipart-rows.ts';

/** A part as a client lists it to complete an upload. */
export interface ListedPart {
  partNumber: number;
  etag: string;
}

/** An etag as clients send it back: quoted (as S3 answers it in headers and XML) or not, any case. */
export const bareEtag = (etag: string) =>
  etag
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();

/**
 * The stored parts a completion lists, in its order, by S3's rules: part numbers strictly ascending
 * (InvalidPartOrder), each stored with the etag given (InvalidPart), each but the last at least 5 MiB
 * (EntityTooSmall). Parts stored but not listed are left out of the object.
 */
export function partsToAssemble(listed: ListedPart[], stored: PartRow[]): PartRow[] {
  if (listed.length === 0) throw multipartError('BAD_REQUEST', 'MalformedXML', 'List at least one part to complete the upload');
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  let previous = 0;
  const chosen = listed.map(({ partNumber, etag }) => {
    if (partNumber <= previous) {
      throw multipartError('BAD_REQUEST', 'InvalidPartOrder', 'List the parts in ascending part number order, each once', { partNumber });
    }
    previous = partNumber;
    const part = byNumber.get(partNumber);
    if (!part || part.etag !== bareEtag(etag)) {
      throw multipartError('BAD_REQUEST', 'InvalidPart', `Part ${partNumber} was not uploaded, or not with this etag`, { partNumber });
    }
    return part;
  });
  const small = chosen.slice(0, -1).find((part) => part.size < PART_MIN_BYTES);
  if (small) {
    throw multipartError('BAD_REQUEST', 'EntityTooSmall', `Part ${small.partNumber} is smaller than 5 MiB and is not the last`, {
      partNumber: small.partNumber,
      size: small.size,
      minimum: PART_MIN_BYTES,
    });
  }
  return chosen;
}

/** S3's etag of a multipart object: the MD5 of the parts' binary MD5s, then '-' and the number of parts. */
export function multipartEtag(chosen: PartRow[]): string {
  const md5 = createHash('md5');
  for (const part of chosen) md5.update(Buffer.from(part.etag, 'hex'));
  return `${md5.digest('hex')}-${chosen.length}`;
}

async function* bytesOf(service: OssService, chosen: PartRow[]) {
  for (const part of chosen) {
    const { stream } = await service.storage.read(part.storageKey);
    for await (const chunk of stream) yield chunk as Buffer;
  }
}

/** The parts' bytes one after the other, each file read as the stream is consumed: never more than a few chunks in memory. */
export const concatenated = (service: OssService, chosen: PartRow[]): Readable =>
  Readable.from(bytesOf(service, chosen), { objectMode: false });
