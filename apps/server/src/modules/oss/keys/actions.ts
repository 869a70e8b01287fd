import type { AccessKeyAction } from '@portal/contracts';
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
