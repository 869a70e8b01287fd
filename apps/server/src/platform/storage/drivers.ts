import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { S3Sdk } from './s3-sdk.ts';
import { createS3Storage } from './s3-storage.ts';
import { createFileStorage, type ObjectStorage } from './storage.ts';

/** The object storage the configuration names: files under DATA_DIR/objects (the default) or an S3 bucket. */
export function createObjectStorage(config: Pick<Config, 'dataDir' | 'storage'>): ObjectStorage {
  const { storage } = config;
  if (storage.driver === 'filesystem') return createFileStorage(join(config.dataDir, 'objects'));
  const connect = (sdk: S3Sdk) =>
    new sdk.S3Client({
      region: storage.region,
      ...(storage.endpoint ? { endpoint: storage.endpoint, forcePathStyle: true } : {}),
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
    });
  return createS3Storage({ connect, bucket: storage.bucket, prefix: storage.prefix });
}
