import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK's S3 module. */
export type S3Sdk = typeof S3Module;

/** The SDK and a client of it: what the S3 driver's calls need. */
export interface S3Link {
  sdk: S3Sdk;
  client: S3Client;
}

let loading: Promise<S3Sdk> | undefined;

/**
 * Loads the SDK the first time the S3 driver is used, by an import expression (a static import would
 * be hoisted into the bundle's start): about 23 MB of memory a portal on the filesystem driver never needs.
 */
export const loadS3Sdk = (): Promise<S3Sdk> => (loading ??= import('@aws-sdk/client-s3'));
