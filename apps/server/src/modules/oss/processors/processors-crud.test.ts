import { describe, expect, it } from 'vitest';
import { ossDataDir } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { bucketWithPeople, processorsUrl } from './bucket-people.test-support.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });
const thumb = {
  name: 'thumb',
  steps: [
    { op: 'resize', width: 200, height: 200, fit: 'cover' },
    { op: 'convert', format: 'webp', quality: 80 },
  ],
};

describe('processor CRUD', () => {
  it('creates, lists, gets, renames and deletes a processor', async () => {
    const { id, owner } = await bucketWithPeople(t, 'proc-crud');
    const created = await owner({ method: 'POST', url: processorsUrl(id), payload: thumb });
    expect(created.statusCode, created.body).toBe(200);
    const processor = created.json();
    expect(processor).toMatchObject({ bucketId: id, name: 'thumb', steps: thumb.steps });
    expect((await owner({ method: 'GET', url: processorsUrl(id) })).json().map((p: { name: string }) => p.name)).toEqual(['thumb']);
    expect((await owner({ method: 'GET', url: processorsUrl(id, `/${processor.id}`) })).json()).toEqual(processor);
    expect((await owner({ method: 'HEAD', url: processorsUrl(id, '/names/thumb') })).statusCode).toBe(200);
    expect((await owner({ method: 'HEAD', url: processorsUrl(id, '/names/small') })).statusCode).toBe(404);

    const renamed = await owner({
      method: 'PUT',
      url: processorsUrl(id, `/${processor.id}`),
      payload: { name: 'small', steps: [{ op: 'rotate', angle: 90 }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: processor.id, name: 'small', steps: [{ op: 'rotate', angle: 90 }] });
    expect((await owner({ method: 'DELETE', url: processorsUrl(id, `/${processor.id}`) })).json()).toEqual({ ok: true });
    expect((await owner({ method: 'GET', url: processorsUrl(id, `/${processor.id}`) })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: processorsUrl(id) })).json()).toEqual([]);
  });

  it('refuses bad names and invalid steps with a 400 naming the step, and a taken name with a 409', async () => {
    const { id, owner } = await bucketWithPeople(t, 'proc-bad');
    const post = (payload: unknown) => owner({ method: 'POST', url: processorsUrl(id), payload: payload as object });
    for (const name of ['Thumb', '-x', 'a b', '', 'x'.repeat(64), '../x', 'ä']) {
      const refused = await post({ ...thumb, name });
      expect(refused.statusCode, name).toBe(400);
    }
    const badWidth = await post({
      name: 'w',
      steps: [
        { op: 'rotate', angle: 90 },
        { op: 'resize', width: 100000 },
      ],
    });
    expect(badWidth.statusCode).toBe(400);
    expect(badWidth.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The processor is invalid: step 2 (resize): width must be at most 8192',
      details: { field: 'body.steps.1.width', problems: [{ path: '/steps/1/width' }] },
    });
    const unknownOp = await post({ name: 'u', steps: [{ op: 'blur', sigma: 3 }] });
    expect(unknownOp.json().message).toContain("step 1 (blur): unknown step 'blur'");
    const unknownParam = await post({ name: 'p', steps: [{ op: 'crop', left: 0, top: 0, width: 10, height: 10, depth: 3 }] });
    expect(unknownParam.json().message).toContain("step 1 (crop): unknown parameter 'depth'");
    const noSize = await post({ name: 'n', steps: [{ op: 'resize' }] });
    expect(noSize.json().message).toContain('resize needs a width or a height');
    expect((await post({ name: 'e', steps: [] })).statusCode).toBe(400);
    const svgInjection = await post({ name: 's', steps: [{ op: 'watermarkText', text: 'x', color: 'red"/><script>' }] });
    expect(svgInjection.statusCode).toBe(400);
    expect((await owner({ method: 'GET', url: processorsUrl(id) })).json()).toEqual([]);

    expect((await post(thumb)).statusCode).toBe(200);
    const again = await post(thumb);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ field: 'name' });
    const other = (await post({ ...thumb, name: 'other' })).json();
    const renameOnto = await owner({ method: 'PUT', url: processorsUrl(id, `/${other.id}`), payload: thumb });
    expect(renameOnto.statusCode).toBe(409);
  });

  it('keeps buckets apart: a processor of another bucket is not found through this one', async () => {
    const first = await bucketWithPeople(t, 'proc-first');
    const second = await bucketWithPeople(t, 'proc-second');
    const processor = (await first.owner({ method: 'POST', url: processorsUrl(first.id), payload: thumb })).json();
    // The second bucket's owner names the first bucket's processor through their own bucket.
    const through = processorsUrl(second.id, `/${processor.id}`);
    expect((await second.owner({ method: 'GET', url: through })).statusCode).toBe(404);
    expect((await second.owner({ method: 'PUT', url: through, payload: { ...thumb, name: 'stolen' } })).statusCode).toBe(404);
    expect((await second.owner({ method: 'DELETE', url: through })).statusCode).toBe(404);
    // And through the first bucket, where they hold nothing.
    expect((await second.owner({ method: 'DELETE', url: processorsUrl(first.id, `/${processor.id}`) })).statusCode).toBe(403);
    expect((await first.owner({ method: 'GET', url: processorsUrl(first.id, `/${processor.id}`) })).json().name).toBe('thumb');
    expect((await second.owner({ method: 'GET', url: processorsUrl('00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
  });

  it('lets readers and writers see processors, only admins (owner, granted, platform) change them, strangers nothing', async () => {
    const people = await bucketWithPeople(t, 'proc-levels');
    const { id } = people;
    const existing = (await people.owner({ method: 'POST', url: processorsUrl(id), payload: thumb })).json();
    const outcomes: string[] = [];
    for (const who of ['reader', 'writer', 'granted', 'admin', 'stranger'] as const) {
      const as = people[who];
      const mayRead = who !== 'stranger';
      const mayChange = who === 'granted' || who === 'admin';
      const name = `by-${who}`;
      const calls = {
        list: [await as({ method: 'GET', url: processorsUrl(id) }), mayRead],
        get: [await as({ method: 'GET', url: processorsUrl(id, `/${existing.id}`) }), mayRead],
        export: [await as({ method: 'GET', url: processorsUrl(id, '/export') }), mayRead],
        create: [await as({ method: 'POST', url: processorsUrl(id), payload: { ...thumb, name } }), mayChange],
        update: [await as({ method: 'PUT', url: processorsUrl(id, `/${existing.id}`), payload: thumb }), mayChange],
        import: [
          await as({ method: 'POST', url: processorsUrl(id, '/import'), payload: { text: `${name}-i: rotate angle=90` } }),
          mayChange,
        ],
      } as const;
      for (const [call, [response, allowed]] of Object.entries(calls)) {
        if (response.statusCode !== (allowed ? 200 : 403)) outcomes.push(`${who} ${call}: ${response.statusCode}`);
      }
    }
    const deleted = await people.reader({ method: 'DELETE', url: processorsUrl(id, `/${existing.id}`) });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().details).toMatchObject({ needed: 'admin', held: 'read' });
    expect((await people.writer({ method: 'DELETE', url: processorsUrl(id, `/${existing.id}`) })).statusCode).toBe(403);
    expect(outcomes).toEqual([]);
    const names = (await people.owner({ method: 'GET', url: processorsUrl(id) })).json().map((p: { name: string }) => p.name);
    expect(names).toEqual(['by-admin', 'by-admin-i', 'by-granted', 'by-granted-i', 'thumb']);
  });
});
