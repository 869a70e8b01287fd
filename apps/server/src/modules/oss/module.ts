import { OSS_CATALOGUE, OSS_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { OssApi } from './api.ts';
import { bucketRoutes } from './buckets/routes.ts';
import type { OssService } from './context.ts';
import { grantRoutes } from './grants/routes.ts';
import { createKeyDirectory } from './keys/directory.ts';
import { sweepLeftovers } from './objects/stored-bytes.ts';
import { objectRoutes } from './objects/routes.ts';
import { CACHE_SWEEP_JOB, cacheSweepJob } from './processors/cache.ts';
import { CONVERSION_JOB, conversionJob } from './processors/conversions.ts';
import { processorRoutes } from './processors/routes.ts';
import * as tables from './tables.ts';

/** oss: buckets and their objects (bytes in object storage under DATA_DIR/objects/oss), permissions, policies and image processors. */
export const ossModule = defineModule<'oss', OssApi, { permission: PermissionApi; receptionCenter: ReceptionCenterApi }>({
  name: 'oss',
  prefix: OSS_PREFIX,
  tables,
  catalogue: OSS_CATALOGUE,
  async create({ db, events, jobs, log, modules, storage }) {
    const service: OssService = {
      db,
      events,
      storage,
      people: modules.permission.people,
      holdsResource: (userId, resource) => modules.permission.holdsResource(userId, resource),
      keys: createKeyDirectory(db, modules.receptionCenter.secretBox),
    };
    // Temporary files of uploads a crash cut short: nobody will finish them.
    const stopSweeps = await sweepLeftovers(service, (error) => log.error({ err: error }, 'reclaiming oss upload leftovers failed'));
    jobs.register(CONVERSION_JOB, conversionJob(service));
    jobs.register(CACHE_SWEEP_JOB, cacheSweepJob(service));
    return {
      api: {},
      close: stopSweeps,
      routes: async (app) => {
        for (const routes of [bucketRoutes, objectRoutes, grantRoutes, processorRoutes]) await app.register(routes, service);
      },
    };
  },
});
