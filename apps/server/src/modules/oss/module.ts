import { join } from 'node:path';
import { OSS_CATALOGUE, OSS_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import { createFileStorage } from '../../platform/storage/storage.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { OssApi } from './api.ts';
import { bucketRoutes } from './buckets/routes.ts';
import type { OssService } from './context.ts';
import { grantRoutes } from './grants/routes.ts';
import { createKeyDirectory } from './keys/directory.ts';
import { sweepLeftovers } from './objects/stored-bytes.ts';
import { objectRoutes } from './objects/routes.ts';
import { createS3Listener } from './s3/listener.ts';
import * as tables from './tables.ts';

/** oss: buckets and their objects (bytes in object storage under DATA_DIR/objects/oss), permissions and policies. */
export const ossModule = defineModule<'oss', OssApi, { permission: PermissionApi; receptionCenter: ReceptionCenterApi }>({
  name: 'oss',
  prefix: OSS_PREFIX,
  tables,
  catalogue: OSS_CATALOGUE,
  async create({ config, db, events, log, modules }) {
    const service: OssService = {
      db,
      events,
      storage: createFileStorage(join(config.dataDir, 'objects')),
      people: modules.permission.people,
      holdsResource: (userId, resource) => modules.permission.holdsResource(userId, resource),
      keys: createKeyDirectory(db, modules.receptionCenter.secretBox),
    };
    // Temporary files of uploads a crash cut short: nobody will finish them.
    const stopSweeps = await sweepLeftovers(service, (error) => log.error({ err: error }, 'reclaiming oss upload leftovers failed'));
    const s3 = createS3Listener(service, {
      port: config.s3Port,
      host: config.host,
      baseHosts: config.s3BaseHosts,
      trustProxy: config.trustProxy,
      logUnexpected: (error, requestId) => log.error({ err: error, requestId }, 'S3 request failed'),
    });
    return {
      api: { s3Port: () => s3.port() },
      routes: async (app) => {
        for (const routes of [bucketRoutes, objectRoutes, grantRoutes]) await app.register(routes, service);
      },
      // The S3 API listens on its own port from when the server is ready until it closes.
      start: () => s3.start(),
      close: async () => {
        await s3.close();
        stopSweeps();
      },
    };
  },
});
