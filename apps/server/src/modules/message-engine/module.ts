import { MESSAGE_ENGINE_CATALOGUE, MESSAGE_ENGINE_PREFIX, systemNameOf } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { SystemConfigApi } from '../system-config/index.ts';
import type { MessageEngineApi } from './api.ts';
import { channelRoutes } from './channels/routes.ts';
import { createChannelSenders } from './channels/senders.ts';
import { createChannelStore } from './channels/service.ts';
import { classificationRoutes } from './classifications/routes.ts';
import type { MessageEngineService } from './context.ts';
import { sendInsideMessage } from './delivery/deliver.ts';
import { deliverMessageJob } from './delivery/deliver-job.ts';
import { DELIVERY_JOB } from './delivery/batches.ts';
import { notifyRoutes } from './delivery/notify-routes.ts';
import { messageRecordRoutes } from './records/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { insideMessageRoutes } from './inside-messages/routes.ts';
import { streamRoutes } from './stream/routes.ts';
import { templateRoutes } from './templates/routes.ts';
import { createSignInCodes, sendSignInCodeJob, SIGN_IN_CODE_JOB } from './sign-in-codes/sign-in-codes.ts';
import * as tables from './tables.ts';

/** message-engine: the inbox, channels, templates, classifications, sending with delivery through platform/jobs, records, preferences. */
export const messageEngineModule = defineModule<
  'messageEngine',
  MessageEngineApi,
  { permission: PermissionApi; receptionCenter: ReceptionCenterApi; systemConfig: SystemConfigApi }
>({
  name: 'messageEngine',
  prefix: MESSAGE_ENGINE_PREFIX,
  tables,
  catalogue: MESSAGE_ENGINE_CATALOGUE,
  async create({ db, events, modules, jobs, outbound, config }) {
    const box = modules.receptionCenter.secretBox;
    const senders = createChannelSenders({ db, events, box, outbound });
    const service: MessageEngineService = {
      db,
      events,
      people: modules.permission.people,
      directory: modules.permission.directory,
      sendRate: config.sendRate,
      authenticate: (token) => modules.receptionCenter.authenticate(token),
      channels: createChannelStore(db, box),
      senders,
      smsSignInOn: async () => (await modules.systemConfig.settings.auth()).signInOptions.smsCode,
    };
    jobs.register(DELIVERY_JOB, deliverMessageJob(db, senders));
    jobs.register(
      SIGN_IN_CODE_JOB,
      sendSignInCodeJob(db, senders, async () => systemNameOf(await modules.systemConfig.settings.base())),
    );
    const signInCodes = createSignInCodes(db);
    const api: MessageEngineApi = {
      sendInsideMessage: async (input, audit) => {
        const sent = await sendInsideMessage(service, input, { audit });
        return { id: sent.id, recipients: sent.recipients };
      },
      signInCodes,
    };
    return {
      api,
      routes: async (app) => {
        for (const routes of [
          insideMessageRoutes,
          streamRoutes,
          notifyRoutes,
          messageRecordRoutes,
          classificationRoutes,
          preferenceRoutes,
          channelRoutes,
          templateRoutes,
        ])
          await app.register(routes, service);
      },
      close: () => senders.close(),
    };
  },
});
