import type { InsideMessageEvent } from '@portal/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { buildListeningApp, listeningAppPerFile } from '../../../../test/factories/suite.ts';
import { makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { send } from '../../../../test/factories/messages.ts';
import { openStream, STREAM_PATH, type OpenStream } from '../../../../test/sse-client.ts';
import { MAX_STREAMS_PER_USER } from './routes.ts';

/** The event stream over real HTTP: app.inject cannot stream, so the app listens on a free port. */
const streams: OpenStream[] = [];

const { t, origin } = listeningAppPerFile();
// Registered after the app's hooks, so it runs before the app closes.
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function listener() {
  const user = await makeUser(t);
  const token = await tokenOf(t, user);
  const open = async () => {
    const stream = await openStream(origin(), token);
    streams.push(stream);
    return stream;
  };
  return { ...user, token, open };
}
const payload = (event: { data: string }) => JSON.parse(event.data) as InsideMessageEvent;

describe('GET /v1/inside-messages/stream', () => {
  it("pushes a message sent after connecting to each of the recipient's open streams, with the unread count", async () => {
    const reader = await listener();
    await send(t, { userIds: [reader.id] });
    const [tab1, tab2] = [await reader.open(), await reader.open()];
    expect(tab1.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(tab1.headers.get('cache-control')).toContain('no-cache');
    expect(tab1.headers.get('x-accel-buffering')).toBe('no');

    const sent = await send(t, { userIds: [reader.id] }, { title: 'Live', notice: [{ data: 'OS_APP_TYPE', value: 'Web' }] });
    for (const tab of [tab1, tab2]) {
      const event = await tab.next();
      expect(event.event).toBe('inside-message');
      expect(payload(event)).toEqual({
        unread: 2,
        message: expect.objectContaining({
          id: sent.id,
          title: 'Live',
          state: 'unread',
          readAt: null,
          notice: [{ data: 'OS_APP_TYPE', value: 'Web' }],
        }),
      });
    }
  });

  it("never pushes another user's message", async () => {
    const [alice, bob] = [await listener(), await listener()];
    const [aliceStream, bobStream] = [await alice.open(), await bob.open()];
    const forBob = await send(t, { userIds: [bob.id] });
    expect(payload(await bobStream.next()).message.id).toBe(forBob.id);
    const forAlice = await send(t, { userIds: [alice.id] });
    // Alice's first event is her own: Bob's message, sent earlier, never reached her stream.
    expect(payload(await aliceStream.next()).message.id).toBe(forAlice.id);
    expect(aliceStream.events).toHaveLength(1);
    expect(bobStream.events).toHaveLength(1);
  });

  it('refuses a missing or bad token with 401 over real HTTP', async () => {
    for (const token of [null, 'not-a-token']) {
      const refused = await openStream(origin(), token);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it("accepts fetch's default Accept and refuses a client that cannot take an event stream with 406", async () => {
    const reader = await listener();
    const byDefault = await openStream(origin(), reader.token, { accept: null });
    streams.push(byDefault);
    expect(byDefault.status).toBe(200);
    const json = await openStream(origin(), reader.token, { accept: 'application/json' });
    expect(json.status).toBe(406);
    expect(JSON.parse(json.body)).toMatchObject({ code: 'NOT_ACCEPTABLE' });
    // Injected requests name no type they accept: answered at once rather than held open.
    const injected = await t.app.inject({ method: 'GET', url: STREAM_PATH, headers: bearer(reader.token) });
    expect(injected.statusCode).toBe(406);
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user, refusing more with 429 until one closes`, async () => {
    const [reader, other] = [await listener(), await listener()];
    const open: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await reader.open());
    expect(open.map((stream) => stream.status)).toEqual(Array.from({ length: MAX_STREAMS_PER_USER }, () => 200));

    const refused = await openStream(origin(), reader.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining(`At most ${MAX_STREAMS_PER_USER}`),
      details: { limit: MAX_STREAMS_PER_USER },
    });
    // Another user's streams are counted apart.
    expect((await other.open()).status).toBe(200);
    // The open ones still work.
    const sent = await send(t, { userIds: [reader.id] });
    expect(payload(await (open[0] as OpenStream).next()).message.id).toBe(sent.id);

    // Once a tab closes its stream, the server frees its place.
    open[0]?.close();
    await vi.waitFor(async () => {
      const again = await openStream(origin(), reader.token);
      streams.push(again);
      expect(again.status).toBe(200);
    });
  });

  it('is described in the OpenAPI document as an event stream for signed-in users', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths[STREAM_PATH].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.security).toEqual([{ bearer: [] }]);
  });
});

describe('closing the app', () => {
  it('ends every open stream instead of waiting on them', async () => {
    const { t: other, origin: otherOrigin } = await buildListeningApp();
    const user = await makeUser(other);
    const stream = await openStream(otherOrigin, await tokenOf(other, user));
    await other.close();
    await expect(stream.ended).resolves.toBeUndefined();
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });
});
