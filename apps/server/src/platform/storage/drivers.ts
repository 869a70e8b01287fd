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
      // STORAGE_S3_ENDPOINT is the operator's, read from the environment only (no setting or API
      // changes it), like DATABASE_URL and SMTP_URL: it is not an address a person configured, so
      // the outbound guard does not apply (it is often MinIO on the private network).
      ...(storage.endpoint ? { endpoint: storage.endpoint, forcePathStyle: true } : {}),
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
    });
  return createS3Storage({ connect, bucket: storage.bucket, prefix: storage.prefix });
}
