import { randomUUID } from 'node:crypto';
import { channelEndpoints as channels, type ChannelInput, type ChannelTestBody } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { createRateLimiter } from '../../../platform/rate-limit.ts';
import type { MessageEngineService } from '../context.ts';
import { assertNotLastSignInChannel } from '../sign-in-codes/sign-in-codes.ts';
import type { OutgoingDelivery } from './sender.ts';
import type { ChannelRow } from './stored.ts';

/** A test message per six seconds from one address, ten at once: enough to try a channel, too few to spam with. */
const testLimit = createRateLimiter({ burst: 10, refillSeconds: 6 }, 'test messages');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The test message a channel sends to the address given (a webhook posts to its own URL). */
function testDelivery(channel: ChannelRow, body: ChannelTestBody, userId: string | null): OutgoingDelivery {
  if (channel.type === 'inApp') throw badRequest('The in-app channel has nothing to test: it writes the inbox', { field: 'id' });
  const address = body.address ?? null;
  if (channel.type !== 'webhook' && !address)
    throw badRequest(`address: a ${channel.type === 'email' ? 'email address' : 'phone number'} to send the test to`, { field: 'address' });
  if (channel.type === 'email' && address && !EMAIL.test(address)) throw badRequest('address: not an email address', { field: 'address' });
  const messageId = randomUUID();
  return {
    messageId,
    idempotencyKey: `test-${messageId}`,
    receiver: { userId, name: 'Test receiver', address: channel.type === 'webhook' ? null : address },
    subject: body.subject ?? `Test message from the channel ${channel.name}`,
    body: body.content ?? `This is a test message sent on the channel ${channel.name} (${channel.id}).`,
    format: 'text',
  };
}

/** Channels: CRUD, start and disable, the HEAD checks, a test message and the webhook secret's rotation. */
export async function channelRoutes(app: FastifyInstance, s: MessageEngineService) {
  const { channels: store, senders } = s;
  /** An address the outbound guard refuses is not saved (OUTBOUND_ALLOW opens internal ones). */
  const assertReachable = (input: ChannelInput) => {
    const refused = senders.addressRefusal(input);
    if (refused) throw badRequest(`${refused.field}: ${refused.reason}`, { field: refused.field });
  };
  registerRoutes(app, [
    route(channels.list, (request) => store.page(request.query)),
    route(channels.simpleList, () => store.simpleList()),
    route(channels.get, (request) => store.get(request.params.id)),
    route(channels.create, (request) => {
      assertReachable(request.body);
      return store.create(auditActorOf(request), request.body);
    }),
    route(channels.update, (request) => {
      assertReachable(request.body);
      return store.update(auditActorOf(request), request.params.id, request.body);
    }),
    route(channels.remove, async (request) => {
      await assertNotLastSignInChannel(s.db, request.params.id, s.smsSignInOn);
      return store.remove(auditActorOf(request), request.params.id);
    }),
    route(channels.start, (request) => store.setState(auditActorOf(request), request.params.id, 'started')),
    route(channels.disable, async (request) => {
      await assertNotLastSignInChannel(s.db, request.params.id, s.smsSignInOn);
      return store.setState(auditActorOf(request), request.params.id, 'disabled');
    }),
    // Bodiless yes or no, by status.
    route(channels.idTaken, async (request, reply) => {
      if (!(await store.idTaken(request.params.id))) throw notFound('A channel with this id');
      return reply.code(200).send(null);
    }),
    route(channels.nameTaken, async (request, reply) => {
      if (!(await store.nameTaken(request.params.name))) throw notFound('A channel with this name');
      return reply.code(200).send(null);
    }),
    route(channels.test, async (request) => {
      testLimit(request.ip);
      const channel = await store.find(request.params.id);
      const delivery = testDelivery(channel, request.body, request.principal?.userId ?? null);
      try {
        await senders.test(channel.id, delivery);
      } catch (error) {
        throw new AppError('BAD_GATEWAY', `The test message was not delivered: ${(error as Error).message}`, { channelId: channel.id });
      }
      return { delivered: true as const, idempotencyKey: delivery.idempotencyKey };
    }),
    route(channels.rotateSecret, (request) => store.rotateSecret(auditActorOf(request), request.params.id)),
  ]);
}
