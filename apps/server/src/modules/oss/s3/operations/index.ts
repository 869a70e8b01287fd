import { S3Error } from '../errors.ts';
import type { S3Exchange } from '../exchange.ts';
import type { S3Operation } from '../request.ts';
import { createS3Bucket, deleteS3Bucket, getBucketLocation, getBucketVersioning, headBucket, listAllBuckets } from './buckets.ts';
import { copyS3Object } from './copy.ts';
import { deleteS3Object, deleteS3Objects } from './delete.ts';
import { getS3Object, headS3Object } from './get-object.ts';
import { listS3ObjectsV1, listS3ObjectsV2, listS3ObjectVersions } from './list.ts';
import { abortS3Upload, completeS3Upload, createS3Upload, listS3Parts, listS3Uploads, uploadS3Part } from './multipart.ts';
import { putS3Object } from './put-object.ts';

const notImplemented = (what: string) => async () => {
  throw new S3Error('NotImplemented', `${what} is not implemented by this service`);
};

/** Each operation's handler: it authorizes the request itself (authorize.ts) and writes the answer. */
export const OPERATIONS: Record<S3Operation, (exchange: S3Exchange) => Promise<void>> = {
  ListBuckets: listAllBuckets,
  CreateBucket: createS3Bucket,
  DeleteBucket: deleteS3Bucket,
  HeadBucket: headBucket,
  GetBucketLocation: getBucketLocation,
  GetBucketVersioning: getBucketVersioning,
  ListObjects: listS3ObjectsV1,
  ListObjectsV2: listS3ObjectsV2,
  ListObjectVersions: listS3ObjectVersions,
  DeleteObjects: deleteS3Objects,
  PutObject: putS3Object,
  CopyObject: copyS3Object,
  GetObject: getS3Object,
  HeadObject: headS3Object,
  DeleteObject: deleteS3Object,
  ListMultipartUploads: listS3Uploads,
  CreateMultipartUpload: createS3Upload,
  UploadPart: uploadS3Part,
  UploadPartCopy: notImplemented('UploadPartCopy'),
  CompleteMultipartUpload: completeS3Upload,
  AbortMultipartUpload: abortS3Upload,
  ListParts: listS3Parts,
};
