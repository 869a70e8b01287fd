import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { outboxDrained } from '../../../../test/app.ts';
import { fileUrl, ossDataDir, putBytes } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { bucketWithPeople, processorsUrl } from './bucket-people.test-support.ts';
import { gradientPng } from './test-images.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });
const web = {
  name: 'web',
  steps: [
    { op: 'resize', width: 100 },
    { op: 'convert', format: 'webp' },
  ],
};

async function photoBucket(name: string) {
  const people = await bucketWithPeople(t, name);
  const { id, owner } = people;
  await putBytes(owner, id, 'photos/a.png', await gradientPng(400, 300));
  await putBytes(
    owner,
    id,
    'photos/sub/b.jpg',
    await sharp(await gradientPng(200, 200))
      .jpeg()
      .toBuffer(),
  );
  await putBytes(owner, id, 'photos/notes.txt', 'not a picture', { 'content-type': 'text/plain' });
  await owner({ method: 'POST', url: `/v1/buckets/${id}/dir`, payload: { key: 'photos/empty/' } });
  await putBytes(owner, id, 'elsewhere.png', await gradientPng(10, 10));
  expect((await owner({ method: 'POST', url: processorsUrl(id), payload: web })).statusCode).toBe(200);
  return people;
}

describe('conversions', () => {
  it('converts every object under a prefix as jobs, counting a non-image as failed, to completion', async () => {
    const { id, writer, reader } = await photoBucket('conv-run');
    const started = await writer({
      method: 'POST',
      url: processorsUrl(id, '/conversions'),
      payload: { processor: 'web', sourcePrefix: 'photos/', targetPrefix: 'web/' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const conversion = started.json();
    expect(conversion).toMatchObject({ bucketId: id, processor: 'web', sourcePrefix: 'photos/', targetPrefix: 'web/', total: 3 });
    expect(conversion.done + conversion.failed).toBeLessThanOrEqual(3);

    await outboxDrained(t);
    const progress = await reader({ method: 'GET', url: processorsUrl(id, `/conversions/${conversion.id}`) });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ state: 'finished', total: 3, done: 2, failed: 1 });
    expect(progress.json().failures).toEqual([{ key: 'photos/notes.txt', message: expect.stringContaining('not an image') }]);

    const listed = (await reader({ method: 'GET', url: `/v1/buckets/${id}/fs?prefix=web/` })).json();
    expect(listed.objects.map((object: { key: string; contentType: string }) => `${object.key} ${object.contentType}`)).toEqual([
      'web/a.webp image/webp',
      'web/sub/b.webp image/webp',
    ]);
    const converted = await reader({ method: 'GET', url: fileUrl(id, 'web/a.webp') });
    expect(await sharp(converted.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 100, height: 75 });

    // Into a folder of the source: what lies there already is not converted again.
    const whole = { processor: 'web', sourcePrefix: '', targetPrefix: 'web/' };
    const again = (await writer({ method: 'POST', url: processorsUrl(id, '/conversions'), payload: whole })).json();
    expect(again.total).toBe(4);
    await outboxDrained(t);
    const finished = (await reader({ method: 'GET', url: processorsUrl(id, `/conversions/${again.id}`) })).json();
    expect(finished).toMatchObject({ state: 'finished', done: 3, failed: 1 });

    // A prefix ending inside a name keeps the name: photos/a.png under it becomes thumbs/a.webp.
    const named = (
      await writer({
        method: 'POST',
        url: processorsUrl(id, '/conversions'),
        payload: { ...whole, sourcePrefix: 'photos/a', targetPrefix: 'thumbs/' },
      })
    ).json();
    expect(named.total).toBe(1);
    await outboxDrained(t);
    const thumbs = (await reader({ method: 'GET', url: `/v1/buckets/${id}/fs?prefix=thumbs/` })).json();
    expect(thumbs.objects.map((object: { key: string }) => object.key)).toEqual(['thumbs/a.webp']);
  });

  it('needs the write level to start and the read level to watch; refuses bad prefixes and unknown processors', async () => {
    const { id, owner, reader, stranger } = await photoBucket('conv-refusals');
    const start = (as: typeof owner, payload: object) => as({ method: 'POST', url: processorsUrl(id, '/conversions'), payload });
    const valid = { processor: 'web', sourcePrefix: 'photos/', targetPrefix: 'out/' };
    expect((await start(reader, valid)).statusCode).toBe(403);
    expect((await start(stranger, valid)).statusCode).toBe(403);
    const unknown = await start(owner, { ...valid, processor: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("The bucket has no processor named 'nope'");
    const same = await start(owner, { ...valid, targetPrefix: 'photos/' });
    expect([same.statusCode, same.json().details.field]).toEqual([400, 'body.targetPrefix']);
    expect((await start(owner, { ...valid, targetPrefix: '../out/' })).statusCode).toBe(400);
    expect((await start(owner, { ...valid, targetPrefix: 'out\n/' })).statusCode).toBe(400);
    const empty = await start(owner, { ...valid, sourcePrefix: 'nothing-here/' });
    expect(empty.json()).toMatchObject({ code: 'BAD_REQUEST', message: "No object lies under 'nothing-here/'" });

    const other = await photoBucket('conv-other');
    const elsewhere = (await start(owner, valid)).json();
    expect((await other.owner({ method: 'GET', url: processorsUrl(other.id, `/conversions/${elsewhere.id}`) })).statusCode).toBe(404);
    expect((await stranger({ method: 'GET', url: processorsUrl(id, `/conversions/${elsewhere.id}`) })).statusCode).toBe(403);
    await outboxDrained(t);
  });
});
