import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import type { PeopleApi, PermissionApi } from '../permission/index.ts';
import type { KeyDirectory } from './keys/directory.ts';
import type { RequestRecorder } from './stats/recorder.ts';

/** What the oss module's routes and services are handed. */
export interface OssService {
  db: Db;
  events: EventBus;
  /** Where object bytes live, under `oss/<bucket id>/…` (keys made by the server). */
  storage: ObjectStorage;
  people: PeopleApi;
  /** Whether the user holds a catalogue point (OSS:spaceList:query or :manage reach every bucket). */
  holdsResource(userId: string, resource: string): Promise<boolean>;
  /** The S3 access keys, their secrets sealed. */
  keys: KeyDirectory;
  /** permission's containment check for acting on another user (an administrator managing their keys). */
  administerUser: PermissionApi['administerUser'];
  /**
   * Requests per bucket, hour and method for the statistics: every REST object route records its
   * request here, and the S3 API records each request on a bucket the same way (`record`, never a write).
   */
  requests: Pick<RequestRecorder, 'record'>;
}
