/** ListObjects (v1), ListObjectsV2 and ListObjectVersions, all read from the object service's one listing. */
import type { ObjectListing } from '@portal/contracts';
import { listObjects } from '../../objects/list.ts';
import type { BucketRow } from '../../buckets/levels.ts';
import { authorizedBucket } from '../authorize.ts';
import { S3Error } from '../errors.ts';
import type { S3Exchange } from '../exchange.ts';
import { sendXml } from '../respond.ts';
import { listObjectsV1Xml, listObjectsV2Xml, listObjectVersionsXml, type ObjectEntry, type Owner } from '../xml.ts';

const MAX_KEYS = 1000;

interface Page {
  bucket: BucketRow;
  prefix: string;
  delimiter: string | undefined;
  maxKeys: number;
  encodingType: 'url' | undefined;
  listing: ObjectListing;
}

function maxKeysOf(exchange: S3Exchange, parameter: string): number {
  const raw = exchange.query.get(parameter);
  if (raw === undefined) return MAX_KEYS;
  if (!/^\d{1,9}$/.test(raw)) throw new S3Error('InvalidArgument', `Provided ${parameter} not an integer or within integer range`);
  return Math.min(Number(raw), MAX_KEYS);
}

function encodingTypeOf(exchange: S3Exchange): 'url' | undefined {
  const value = exchange.query.get('encoding-type');
  if (value === undefined) return undefined;
  if (value.toLowerCase() !== 'url') throw new S3Error('InvalidArgument', 'Invalid Encoding Method specified in Request');
  return 'url';
}

/** One page of the bucket's keys after `startAfter`, as every listing reads it; the policy sees the prefix listed. */
async function listPage(exchange: S3Exchange, startAfter: string | undefined, maxKeysParameter = 'max-keys'): Promise<Page> {
  const prefix = exchange.query.get('prefix') ?? '';
  const delimiter = exchange.query.get('delimiter') || undefined;
  const maxKeys = maxKeysOf(exchange, maxKeysParameter);
  const encodingType = encodingTypeOf(exchange);
  const bucket = await authorizedBucket(exchange, { level: 'read', scope: { kind: 'list', prefix } });
  const listing =
    maxKeys === 0
      ? { objects: [], prefixes: [], next: null }
      : await listObjects(exchange.service, bucket.id, { prefix, delimiter, startAfter: startAfter || undefined, limit: maxKeys });
  return { bucket, prefix, delimiter, maxKeys, encodingType, listing };
}

const ownerOfBucket = (bucket: BucketRow): Owner => ({ id: bucket.ownerId ?? '' });

function entries(page: Page, owner: Owner | undefined): ObjectEntry[] {
  return page.listing.objects.map((object) => ({
    key: object.key,
    lastModified: new Date(object.updatedAt),
    etag: `"${object.etag}"`,
    size: object.size,
    ...(owner ? { owner } : {}),
  }));
}

function common(page: Page) {
  return {
    bucket: page.bucket.name,
    prefix: page.prefix,
    delimiter: page.delimiter,
    maxKeys: page.maxKeys,
    isTruncated: page.listing.next !== null,
    commonPrefixes: page.listing.prefixes,
    encodingType: page.encodingType,
  };
}

export async function listS3ObjectsV1(exchange: S3Exchange) {
  const marker = exchange.query.get('marker');
  const page = await listPage(exchange, marker);
  const xml = listObjectsV1Xml({
    ...common(page),
    marker,
    nextMarker: page.listing.next ?? undefined,
    contents: entries(page, ownerOfBucket(page.bucket)),
  });
  sendXml(exchange.res, xml);
}

/** The continuation token is the last key or prefix listed, opaque to the client. */
const tokenOf = (next: string) => Buffer.from(next, 'utf8').toString('base64url');

function keyOfToken(token: string): string {
  const key = Buffer.from(token, 'base64url').toString('utf8');
  if (token === '' || tokenOf(key) !== token) throw new S3Error('InvalidArgument', 'The continuation token provided is incorrect');
  return key;
}

export async function listS3ObjectsV2(exchange: S3Exchange) {
  const token = exchange.query.get('continuation-token');
  const startAfter = exchange.query.get('start-after');
  const page = await listPage(exchange, token !== undefined ? keyOfToken(token) : startAfter);
  const fetchOwner = exchange.query.get('fetch-owner') === 'true';
  const xml = listObjectsV2Xml({
    ...common(page),
    continuationToken: token,
    nextContinuationToken: page.listing.next === null ? undefined : tokenOf(page.listing.next),
    startAfter,
    contents: entries(page, fetchOwner ? ownerOfBucket(page.bucket) : undefined),
  });
  sendXml(exchange.res, xml);
}

/** An unversioned bucket lists each object once, version `null`, the latest (as S3 does); tools empty buckets with it. */
export async function listS3ObjectVersions(exchange: S3Exchange) {
  const keyMarker = exchange.query.get('key-marker');
  const page = await listPage(exchange, keyMarker, 'max-keys');
  const next = page.listing.next ?? undefined;
  const xml = listObjectVersionsXml({
    ...common(page),
    keyMarker,
    versionIdMarker: exchange.query.get('version-id-marker'),
    nextKeyMarker: next,
    nextVersionIdMarker: next === undefined ? undefined : 'null',
    versions: entries(page, ownerOfBucket(page.bucket)).map((entry) => ({ ...entry, isLatest: true })),
  });
  sendXml(exchange.res, xml);
}
