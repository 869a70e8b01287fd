import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fileUrl, OSS_PREFIX, ossDataDir, putBytes, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { bucketWithPeople, cachedFiles, processorsUrl } from './bucket-people.test-support.ts';
import { imageBudget } from './image-budget.ts';
import { gradientPng } from './test-images.ts';

const dataDir = ossDataDir();
// One request may wait for room; the next is refused.
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir, IMAGE_QUEUE: '1' } });

const large = { name: 'large', steps: [{ op: 'resize', width: 2000, height: 2000, fit: 'cover' }] };
const processed = (as: OssCaller, bucketId: string, key: string) => as({ method: 'GET', url: `${fileUrl(bucketId, key)}&x-process=large` });

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

/** A bucket with two images and the processor, and the whole budget held, as by conversions in progress. */
async function fullBudget(name: string, policy: 'private' | 'public-read' = 'private') {
  const people = await bucketWithPeople(t, name, policy);
  for (const key of ['a.png', 'b.png'])
    expect((await putBytes(people.owner, people.id, key, await gradientPng(400, 300))).statusCode).toBe(200);
  expect((await people.owner({ method: 'POST', url: processorsUrl(people.id), payload: large })).statusCode).toBe(200);
  const release = await imageBudget().reserve(t.config.imageWork.bytes);
  return { ...people, release };
}

describe('image work at its memory budget', () => {
  it("makes a reader's downloads wait for room and refuses them past the queue with 503 and Retry-After, changing nothing", async () => {
    // The attack: a user with only the read level asks for many large results at once.
    const { id, reader, release } = await fullBudget('budget-reader');
    const waiting = processed(reader, id, 'a.png');
    await until(() => imageBudget().usage().waiting === 1);
    const refused = await processed(reader, id, 'b.png');
    expect(refused.statusCode).toBe(503);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/memory budget/),
      details: { retryAfterSeconds: seconds },
    });
    const preview = await reader({ method: 'POST', url: processorsUrl(id, '/preview'), payload: { key: 'b.png', steps: large.steps } });
    expect(preview.statusCode).toBe(503);
    // Nothing was processed nor cached for the refused, and nothing beyond the budget was taken.
    expect(cachedFiles(dataDir, id)).toEqual([]);
    expect(imageBudget().usage()).toEqual({ reserved: t.config.imageWork.bytes, running: 1, waiting: 1 });

    release();
    const answered = await waiting;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.headers['x-cache']).toBe('miss');
    expect(cachedFiles(dataDir, id)).toHaveLength(1);
    expect((await processed(reader, id, 'b.png')).statusCode).toBe(200);
    await until(() => imageBudget().usage().running === 0);
    expect(imageBudget().usage()).toEqual({ reserved: 0, running: 0, waiting: 0 });
  });

  it('gives the room back when the client goes away while waiting (an anonymous download of a public bucket, over a socket)', async () => {
    const { id, release } = await fullBudget('budget-abort', 'public-read');
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const client = httpRequest({ host: '127.0.0.1', port, path: `${OSS_PREFIX}/v1/public/${id}/files?key=a.png&x-process=large` });
    client.on('error', () => undefined);
    client.end();
    await until(() => imageBudget().usage().waiting === 1);
    client.destroy();
    await until(() => imageBudget().usage().waiting === 0);
    expect(imageBudget().usage()).toEqual({ reserved: t.config.imageWork.bytes, running: 1, waiting: 0 });
    release();
    expect(imageBudget().usage()).toEqual({ reserved: 0, running: 0, waiting: 0 });
    expect(cachedFiles(dataDir, id)).toEqual([]);
  });
});
