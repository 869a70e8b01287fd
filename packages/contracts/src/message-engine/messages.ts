import { Type } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdParams, Page } from '../paging.ts';
import {
  ChannelCounts,
  ChannelRecord,
  ChannelRecordQuery,
  DeliveryAttempt,
  MessageDetail,
  MessageQuery,
  MessageReceiver,
  MessageReceiverParams,
  MessageSummary,
  MessageTarget,
  ReceiverPerson,
  ReceiverQuery,
  RetryBody,
  RetryResult,
} from './message-schemas.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

const gated = { access: 'gated', tags: ['messages'] } as const;
const one = `${MESSAGE_ENGINE_PREFIX}/v1/messages/{id}`;

/** Message records: what was sent, to whom on which channel, and every delivery attempt (spec §7 "Messages"). */
export const messageEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path: `${MESSAGE_ENGINE_PREFIX}/messages/v1/messages`,
    summary: 'Sent messages, newest first, with their receivers counted by state; by channel, classification, source, state and time',
    query: MessageQuery,
    responses: { 200: Page(MessageSummary), ...errorResponses(400, 403) },
  }),
  channelRecords: endpoint({
    ...gated,
    method: 'GET',
    path: `${MESSAGE_ENGINE_PREFIX}/v1/messages/channels/records`,
    summary: 'Deliveries per channel over a period, counted by state',
    query: ChannelRecordQuery,
    responses: { 200: Type.Array(ChannelRecord), ...errorResponses(400, 403) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: one,
    summary: 'One message: what each channel carried, and its receivers counted by state',
    params: IdParams,
    responses: { 200: MessageDetail, ...errorResponses(400, 403, 404) },
  }),
  receivers: endpoint({
    ...gated,
    method: 'GET',
    path: `${one}/receivers`,
    summary: "A message's receivers, one row per person and channel, with their delivery state and attempts",
    params: IdParams,
    query: ReceiverQuery,
    responses: { 200: Page(MessageReceiver), ...errorResponses(400, 403, 404) },
  }),
  receiversByChannel: endpoint({
    ...gated,
    method: 'GET',
    path: `${one}/receivers/channel`,
    summary: "A message's receivers counted by channel and state",
    params: IdParams,
    responses: { 200: Type.Array(ChannelCounts), ...errorResponses(400, 403, 404) },
  }),
  receiversByObjectType: endpoint({
    ...gated,
    method: 'GET',
    path: `${one}/receivers/objectType`,
    summary: 'The users, groups, roles and organisations the sender named, with how many people each reached',
    params: IdParams,
    responses: { 200: Type.Array(MessageTarget), ...errorResponses(400, 403, 404) },
  }),
  receiverList: endpoint({
    ...gated,
    method: 'GET',
    path: `${one}/receivers/list`,
    summary: "A message's receivers, one row per person with their state on every channel",
    params: IdParams,
    query: ReceiverQuery,
    responses: { 200: Page(ReceiverPerson), ...errorResponses(400, 403, 404) },
  }),
  retry: endpoint({
    ...gated,
    method: 'POST',
    path: `${one}/receivers/retry`,
    summary: 'Tries failed deliveries again (the ones named, or every failed one): due now, with a fresh allowance of attempts',
    params: IdParams,
    body: RetryBody,
    responses: { 200: RetryResult, ...errorResponses(400, 403, 404) },
  }),
  logs: endpoint({
    ...gated,
    method: 'GET',
    path: `${one}/receivers/{receiverId}/logs`,
    summary: "Every attempt of one receiver's delivery, oldest first",
    params: MessageReceiverParams,
    responses: { 200: Type.Array(DeliveryAttempt), ...errorResponses(400, 403, 404) },
  }),
};
