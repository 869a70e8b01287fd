import type { AccessKeyAction, BucketLevel } from '@portal/contracts';
import type { S3Operation } from '../s3/request.ts';

/**
 * The IAM action each S3 operation needs, as AWS documents them. CopyObject and UploadPartCopy also
 * need s3:GetObject on their source, which the copy checks on its own.
 */
export const ACTION_OF: Record<S3Operation, AccessKeyAction> = {
  ListBuckets: 's3:ListAllMyBuckets',
  CreateBucket: 's3:CreateBucket',
  DeleteBucket: 's3:DeleteBucket',
  HeadBucket: 's3:ListBucket',
  GetBucketLocation: 's3:GetBucketLocation',
  GetBucketVersioning: 's3:GetBucketVersioning',
  ListObjects: 's3:ListBucket',
  ListObjectsV2: 's3:ListBucket',
  ListObjectVersions: 's3:ListBucketVersions',
  ListMultipartUploads: 's3:ListBucketMultipartUploads',
  DeleteObjects: 's3:DeleteObject',
  PutObject: 's3:PutObject',
  CopyObject: 's3:PutObject',
  GetObject: 's3:GetObject',
  HeadObject: 's3:GetObject',
  DeleteObject: 's3:DeleteObject',
  CreateMultipartUpload: 's3:PutObject',
  UploadPart: 's3:PutObject',
  UploadPartCopy: 's3:PutObject',
  CompleteMultipartUpload: 's3:PutObject',
  AbortMultipartUpload: 's3:AbortMultipartUpload',
  ListParts: 's3:ListMultipartUploadParts',
};

/**
 * The level on a bucket the S3 API checks of a key's owner for each action (s3/operations): read for
 * reads and listings, write for changes, admin to delete the bucket. s3:CreateBucket needs no level
 * on a bucket but the spaces' create point (CREATE_BUCKETS_POINT).
 */
export const LEVEL_OF_ACTION: Record<AccessKeyAction, BucketLevel | null> = {
  's3:ListAllMyBuckets': 'read',
  's3:CreateBucket': null,
  's3:DeleteBucket': 'admin',
  's3:ListBucket': 'read',
  's3:ListBucketVersions': 'read',
  's3:ListBucketMultipartUploads': 'write',
  's3:GetBucketLocation': 'read',
  's3:GetBucketVersioning': 'read',
  's3:GetObject': 'read',
  's3:PutObject': 'write',
  's3:DeleteObject': 'write',
  's3:AbortMultipartUpload': 'write',
  's3:ListMultipartUploadParts': 'write',
};

/** The catalogue point creating a bucket needs, through the REST API and s3:CreateBucket alike. */
export const CREATE_BUCKETS_POINT = 'OSS:spaceList:create';
