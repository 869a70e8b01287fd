import { messageEndpoints as records } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { MessageEngineService } from '../context.ts';
import { channelRecords, getMessage, listMessages } from './messages.ts';
import { deliveryLogs, listReceivers, messageTargetsOf, receiverPeople, receiversByChannel, retryFailed } from './receivers.ts';

/** Message records: what was sent, to whom, on which channel, how each delivery went. */
export async function messageRecordRoutes(app: FastifyInstance, { db, people }: MessageEngineService) {
  registerRoutes(app, [
    route(records.list, (request) => listMessages(db, people, request.query)),
    route(records.channelRecords, (request) => channelRecords(db, request.query)),
    route(records.get, (request) => getMessage(db, people, request.params.id)),
    route(records.receivers, (request) => listReceivers(db, request.params.id, request.query)),
    route(records.receiversByChannel, (request) => receiversByChannel(db, request.params.id)),
    route(records.receiversByObjectType, (request) => messageTargetsOf(db, request.params.id)),
    route(records.receiverList, (request) => receiverPeople(db, request.params.id, request.query)),
    route(records.retry, (request) => retryFailed(db, auditActorOf(request), request.params.id, request.body)),
    route(records.logs, (request) => deliveryLogs(db, request.params.id, request.params.receiverId)),
  ]);
}
