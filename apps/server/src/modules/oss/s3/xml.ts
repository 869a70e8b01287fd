/** S3's XML responses, element for element as S3 writes them. */
import { uriEncode } from './canonical.ts';
import { S3_ERROR_STATUS, type S3ErrorCode } from './errors.ts';
import { each, el, renderXml, type XmlNode } from './xml-writer.ts';

export interface Owner {
  id: string;
  displayName?: string;
}

export interface ObjectEntry {
  key: string;
  lastModified: Date;
  /** The ETag with its quotes, as in the ETag header. */
  etag: string;
  size: number;
  storageClass?: string;
  owner?: Owner;
}

export interface ListingCommon {
  bucket: string;
  prefix?: string;
  delimiter?: string;
  maxKeys: number;
  isTruncated: boolean;
  commonPrefixes: readonly string[];
  /** 'url' when the request asked for EncodingType=url: keys and prefixes are then percent-encoded. */
  encodingType?: 'url';
}

/** A key, prefix or marker as the listing's EncodingType wants it. */
const keyText = (value: string | undefined, encodingType: 'url' | undefined, keepSlash = true) =>
  value === undefined || encodingType !== 'url' ? value : uriEncode(value, keepSlash);
/** The delimiter is encoded whole: a `/` delimiter reads %2F. */
const delimiterText = (value: string | undefined, encodingType: 'url' | undefined) => keyText(value, encodingType, false);

const ownerNodes = (owner: Owner) => [el('ID', owner.id), el('DisplayName', owner.displayName)];

function objectNodes(entry: ObjectEntry, encodingType: 'url' | undefined): XmlNode[] {
  return [
    el('Key', keyText(entry.key, encodingType)),
    el('LastModified', entry.lastModified),
    el('ETag', entry.etag),
    el('Size', entry.size),
    el('Owner', entry.owner && ownerNodes(entry.owner)),
    el('StorageClass', entry.storageClass ?? 'STANDARD'),
  ];
}

function listingHead(list: ListingCommon): XmlNode[] {
  return [
    el('Name', list.bucket),
    el('Prefix', keyText(list.prefix ?? '', list.encodingType)),
    el('Delimiter', delimiterText(list.delimiter, list.encodingType)),
  ];
}

function listingTail(list: ListingCommon): XmlNode[] {
  return [
    ...each('CommonPrefixes', list.commonPrefixes, (prefix) => [el('Prefix', keyText(prefix, list.encodingType))]),
    el('EncodingType', list.encodingType),
  ];
}

export function listAllMyBucketsXml(owner: Owner, buckets: ReadonlyArray<{ name: string; creationDate: Date }>): string {
  const entries = each('Bucket', buckets, (b) => [el('Name', b.name), el('CreationDate', b.creationDate)]);
  return renderXml(el('ListAllMyBucketsResult', [el('Owner', ownerNodes(owner)), el('Buckets', entries)]));
}

export interface ListObjectsV1 extends ListingCommon {
  marker?: string;
  nextMarker?: string;
  contents: readonly ObjectEntry[];
}

export function listObjectsV1Xml(list: ListObjectsV1): string {
  return renderXml(
    el('ListBucketResult', [
      ...listingHead(list),
      el('Marker', keyText(list.marker ?? '', list.encodingType)),
      el('NextMarker', keyText(list.nextMarker, list.encodingType)),
      el('MaxKeys', list.maxKeys),
      el('IsTruncated', list.isTruncated),
      ...each('Contents', list.contents, (entry) => objectNodes(entry, list.encodingType)),
      ...listingTail(list),
    ]),
  );
}

export interface ListObjectsV2 extends ListingCommon {
  continuationToken?: string;
  nextContinuationToken?: string;
  startAfter?: string;
  contents: readonly ObjectEntry[];
}

export function listObjectsV2Xml(list: ListObjectsV2): string {
  return renderXml(
    el('ListBucketResult', [
      ...listingHead(list),
      el('MaxKeys', list.maxKeys),
      el('KeyCount', list.contents.length + list.commonPrefixes.length),
      el('IsTruncated', list.isTruncated),
      el('ContinuationToken', list.continuationToken),
      el('NextContinuationToken', list.nextContinuationToken),
      el('StartAfter', keyText(list.startAfter, list.encodingType)),
      ...each('Contents', list.contents, (entry) => objectNodes(entry, list.encodingType)),
      ...listingTail(list),
    ]),
  );
}

export interface VersionEntry extends ObjectEntry {
  /** Absent for an unversioned bucket: S3 then says `null`. */
  versionId?: string;
  isLatest?: boolean;
}

export interface ListObjectVersions extends ListingCommon {
  keyMarker?: string;
  versionIdMarker?: string;
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
  versions: readonly VersionEntry[];
}

export function listObjectVersionsXml(list: ListObjectVersions): string {
  return renderXml(
    el('ListVersionsResult', [
      ...listingHead(list),
      el('KeyMarker', keyText(list.keyMarker ?? '', list.encodingType)),
      el('VersionIdMarker', list.versionIdMarker ?? ''),
      el('NextKeyMarker', keyText(list.nextKeyMarker, list.encodingType)),
      el('NextVersionIdMarker', list.nextVersionIdMarker),
      el('MaxKeys', list.maxKeys),
      el('IsTruncated', list.isTruncated),
      ...each('Version', list.versions, (v) => {
        const [key, ...rest] = objectNodes(v, list.encodingType);
        return [key!, el('VersionId', v.versionId ?? 'null'), el('IsLatest', v.isLatest ?? true), ...rest];
      }),
      ...listingTail(list),
    ]),
  );
}

export function initiateMultipartUploadXml(bucket: string, key: string, uploadId: string): string {
  return renderXml(el('InitiateMultipartUploadResult', [el('Bucket', bucket), el('Key', key), el('UploadId', uploadId)]));
}

export function completeMultipartUploadXml(result: { location: string; bucket: string; key: string; etag: string }): string {
  const nodes = [el('Location', result.location), el('Bucket', result.bucket), el('Key', result.key), el('ETag', result.etag)];
  return renderXml(el('CompleteMultipartUploadResult', nodes));
}

export interface PartEntry {
  partNumber: number;
  lastModified: Date;
  etag: string;
  size: number;
}

export interface ListParts {
  bucket: string;
  key: string;
  uploadId: string;
  owner: Owner;
  partNumberMarker: number;
  nextPartNumberMarker?: number;
  maxParts: number;
  isTruncated: boolean;
  parts: readonly PartEntry[];
}

export function listPartsXml(list: ListParts): string {
  return renderXml(
    el('ListPartsResult', [
      el('Bucket', list.bucket),
      el('Key', list.key),
      el('UploadId', list.uploadId),
      el('Initiator', ownerNodes(list.owner)),
      el('Owner', ownerNodes(list.owner)),
      el('StorageClass', 'STANDARD'),
      el('PartNumberMarker', list.partNumberMarker),
      el('NextPartNumberMarker', list.nextPartNumberMarker),
      el('MaxParts', list.maxParts),
      el('IsTruncated', list.isTruncated),
      ...each('Part', list.parts, (p) => [
        el('PartNumber', p.partNumber),
        el('LastModified', p.lastModified),
        el('ETag', p.etag),
        el('Size', p.size),
      ]),
    ]),
  );
}

export interface ListMultipartUploads extends ListingCommon {
  keyMarker?: string;
  uploadIdMarker?: string;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
  uploads: ReadonlyArray<{ key: string; uploadId: string; initiated: Date; owner: Owner }>;
}

export function listMultipartUploadsXml(list: ListMultipartUploads): string {
  return renderXml(
    el('ListMultipartUploadsResult', [
      el('Bucket', list.bucket),
      el('KeyMarker', keyText(list.keyMarker ?? '', list.encodingType)),
      el('UploadIdMarker', list.uploadIdMarker ?? ''),
      el('NextKeyMarker', keyText(list.nextKeyMarker, list.encodingType)),
      el('NextUploadIdMarker', list.nextUploadIdMarker),
      el('Prefix', keyText(list.prefix, list.encodingType)),
      el('Delimiter', delimiterText(list.delimiter, list.encodingType)),
      el('MaxUploads', list.maxKeys),
      el('IsTruncated', list.isTruncated),
      ...each('Upload', list.uploads, (u) => [
        el('Key', keyText(u.key, list.encodingType)),
        el('UploadId', u.uploadId),
        el('Initiator', ownerNodes(u.owner)),
        el('Owner', ownerNodes(u.owner)),
        el('StorageClass', 'STANDARD'),
        el('Initiated', u.initiated),
      ]),
      ...listingTail(list),
    ]),
  );
}

/** CopyObjectResult, or CopyPartResult for UploadPartCopy. */
export function copyResultXml(etag: string, lastModified: Date, root: 'CopyObjectResult' | 'CopyPartResult' = 'CopyObjectResult'): string {
  return renderXml(el(root, [el('LastModified', lastModified), el('ETag', etag)]));
}

export interface DeleteOutcome {
  deleted: ReadonlyArray<{ key: string; versionId?: string }>;
  errors: ReadonlyArray<{ key: string; versionId?: string; code: S3ErrorCode; message: string }>;
}

/** DeleteResult; with Quiet only the errors are listed. */
export function deleteResultXml(outcome: DeleteOutcome, quiet: boolean): string {
  return renderXml(
    el('DeleteResult', [
      ...each('Deleted', quiet ? [] : outcome.deleted, (d) => [el('Key', d.key), el('VersionId', d.versionId)]),
      ...each('Error', outcome.errors, (e) => [
        el('Key', e.key),
        el('VersionId', e.versionId),
        el('Code', e.code),
        el('Message', e.message),
      ]),
    ]),
  );
}

/** GetBucketLocation: S3 answers an empty constraint for us-east-1. */
export function locationConstraintXml(region: string): string {
  return renderXml(el('LocationConstraint', region === 'us-east-1' ? [] : region));
}

/** GetBucketVersioning of a bucket that was never versioned: an empty configuration, as S3 answers. */
export const versioningXml = (): string => renderXml(el('VersioningConfiguration', []));

export interface ErrorBody {
  code: S3ErrorCode;
  message: string;
  resource?: string;
  requestId?: string;
  /** Further elements S3 adds for some codes, e.g. BucketName, Key, UploadId. */
  extra?: Readonly<Record<string, string>>;
}

/**
 * The Error document (no namespace, as S3 writes it) and the status it goes with. A 304 (NotModified)
 * and any answer to HEAD go out with the status alone: they carry no body.
 */
export function errorXml(error: ErrorBody): { status: number; body: string } {
  const extra = Object.entries(error.extra ?? {}).map(([name, value]) => el(name, value));
  const nodes = [
    el('Code', error.code),
    el('Message', error.message),
    ...extra,
    el('Resource', error.resource),
    el('RequestId', error.requestId),
  ];
  return { status: S3_ERROR_STATUS[error.code], body: renderXml(el('Error', nodes), false) };
}
