import { OSS_CATALOGUE, OSS_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { OssApi } from './api.ts';
import { bucketRoutes } from './buckets/routes.ts';
import type { OssService } from './context.ts';
import { grantRoutes } from './grants/routes.ts';
import { createKeyDirectory } from './keys/directory.ts';
import { keyRoutes } from './keys/routes.ts';
import { multipartRoutes } from './objects/multipart-routes.ts';
import { abortAbandonedUploads } from './objects/multipart.ts';
import { reclaimLeftovers, sweepLeftovers } from './objects/stored-bytes.ts';
import { objectRoutes } from './objects/routes.ts';
import { CACHE_SWEEP_JOB, cacheSweepJob } from './processors/cache.ts';
import { CONVERSION_JOB, conversionJob } from './processors/conversions.ts';
import { configureImageBudget } from './processors/image-budget.ts';
import { processorRoutes } from './processors/routes.ts';
import { createS3Listener } from './s3/listener.ts';
import { analysisRoutes } from './stats/routes.ts';
import { createRequestRecorder } from './stats/recorder.ts';
import * as tables from './tables.ts';

/** oss: buckets and their objects (bytes in object storage under DATA_DIR/objects/oss), permissions, policies and image processors. */
export const ossModule = defineModule<'oss', OssApi, { permission: PermissionApi; receptionCenter: ReceptionCenterApi }>({
  name: 'oss',
  prefix: OSS_PREFIX,
  tables,
  catalogue: OSS_CATALOGUE,
  async create({ config, db, events, jobs, log, modules, storage }) {
    const requests = createRequestRecorder(db, { onError: (error) => log.error({ err: error }, 'writing the oss request counts failed') });
    const service: OssService = {
      db,
      events,
      storage,
      people: modules.permission.people,
      holdsResource: (userId, resource) => modules.permission.holdsResource(userId, resource),
      keys: createKeyDirectory(db, modules.receptionCenter.secretBox),
      administerUser: (actorId, userId, change) => modules.permission.administerUser(actorId, userId, change),
      requests,
    };
    // Temporary files of uploads a crash cut short, and multipart uploads nobody completed: nobody will finish them.
    const stopSweeps = await sweepLeftovers(
      () => Promise.all([reclaimLeftovers(service), abortAbandonedUploads(service)]),
      (error) => log.error({ err: error }, 'reclaiming oss upload leftovers failed'),
    );
    // One memory budget for the process's image work (downloads, previews, conversions), from IMAGE_MEMORY_MB.
    configureImageBudget(config.imageWork);
    jobs.register(CONVERSION_JOB, conversionJob(service));
    jobs.register(CACHE_SWEEP_JOB, cacheSweepJob(service));
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
        const all = [bucketRoutes, objectRoutes, multipartRoutes, grantRoutes, processorRoutes, keyRoutes, analysisRoutes];
        for (const routes of all) await app.register(routes, service);
      },
      // The S3 API listens on its own port from when the server is ready until it closes.
      start: () => s3.start(),
      async close() {
        await s3.close();
        stopSweeps();
        // The counts of the last seconds (the S3 API's last ones among them) are written before the database closes.
        await requests.close();
      },
    };
  },
});
