import { PROCESSORS_PER_BUCKET } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ossDataDir, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { bucketWithPeople, processorsUrl } from './bucket-people.test-support.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });

const TEXT = [
  '# gallery',
  'thumb: resize width=200 height=200 fit=cover | convert format=webp quality=80',
  'mark: watermarkText text="© ACME | \\"2026\\"" color=#ffffff opacity=0.5 gravity=southeast',
  'turn: rotate angle=-45 background=#00ff00 | crop left=0 top=0 width=10 height=10',
].join('\n');

const importText = (as: OssCaller, bucketId: string, text: string, onConflict?: string) =>
  as({ method: 'POST', url: processorsUrl(bucketId, '/import'), payload: { text, ...(onConflict ? { onConflict } : {}) } });
const stepsByName = async (as: OssCaller, bucketId: string) =>
  Object.fromEntries(
    (await as({ method: 'GET', url: processorsUrl(bucketId) })).json().map((p: { name: string; steps: unknown }) => [p.name, p.steps]),
  );

describe('processors as text', () => {
  it('exports what it imported, and the export imports into another bucket as the same processors', async () => {
    const first = await bucketWithPeople(t, 'text-first');
    const imported = await importText(first.owner, first.id, TEXT);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: ['thumb', 'mark', 'turn'], replaced: [], skipped: [] });
    const exported = await first.reader({ method: 'GET', url: processorsUrl(first.id, '/export') });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="processors-text-first.txt"');
    expect(exported.body.split('\n')).toEqual([
      '# processors of bucket text-first',
      'mark: watermarkText text="© ACME | \\"2026\\"" color=#ffffff opacity=0.5 gravity=southeast',
      'thumb: resize width=200 height=200 fit=cover | convert format=webp quality=80',
      'turn: rotate angle=-45 background=#00ff00 | crop left=0 top=0 width=10 height=10',
      '',
    ]);
    const second = await bucketWithPeople(t, 'text-second');
    expect((await importText(second.owner, second.id, exported.body)).statusCode).toBe(200);
    expect(await stepsByName(second.owner, second.id)).toEqual(await stepsByName(first.owner, first.id));
  });

  it('refuses text with bad lines as a whole, naming each line and processor', async () => {
    const { id, owner } = await bucketWithPeople(t, 'text-bad');
    const refused = await importText(
      owner,
      id,
      ['good: rotate angle=90', 'wide: resize width=99999', 'spin: twirl', 'good: rotate angle=1'].join('\n'),
    );
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(
      "Nothing was imported: line 2 (wide): width must be at most 8192; line 3 (spin): unknown step 'twirl': expected one of " +
        "resize, crop, rotate, watermarkText, watermarkImage, convert; line 4 (good): processor 'good' is already defined on line 1",
    );
    expect(body.details.errors.map((error: { line: number; processor: string }) => `${error.line} ${error.processor}`)).toEqual([
      '2 wide',
      '3 spin',
      '4 good',
    ]);
    expect(await stepsByName(owner, id)).toEqual({});
    expect((await importText(owner, id, '# only a comment\n\n')).statusCode).toBe(400);
  });

  it('follows the conflict policy for names the bucket has: fail (default, nothing imported), replace, skip', async () => {
    const { id, owner } = await bucketWithPeople(t, 'text-conflicts');
    await importText(owner, id, 'thumb: resize width=100\nkeep: rotate angle=90');
    const text = 'thumb: resize width=300\nfresh: rotate angle=180';

    const failed = await importText(owner, id, text);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ code: 'CONFLICT', details: { names: ['thumb'] } });
    expect(Object.keys(await stepsByName(owner, id)).sort()).toEqual(['keep', 'thumb']);

    const skipped = await importText(owner, id, text, 'skip');
    expect(skipped.json()).toEqual({ created: ['fresh'], replaced: [], skipped: ['thumb'] });
    expect((await stepsByName(owner, id)).thumb).toEqual([{ op: 'resize', width: 100 }]);

    const replaced = await importText(owner, id, 'thumb: resize width=300\nfresh: rotate angle=270', 'replace');
    expect(replaced.json()).toEqual({ created: [], replaced: ['thumb', 'fresh'], skipped: [] });
    expect(await stepsByName(owner, id)).toEqual({
      keep: [{ op: 'rotate', angle: 90 }],
      thumb: [{ op: 'resize', width: 300 }],
      fresh: [{ op: 'rotate', angle: 270 }],
    });
    expect((await importText(owner, id, text, 'overwrite')).statusCode).toBe(400);

    // Past the bucket's limit of processors, nothing is imported, not even the first ones.
    const many = Array.from({ length: PROCESSORS_PER_BUCKET }, (_, i) => `p${i}: rotate angle=90`).join('\n');
    const full = await importText(owner, id, many);
    expect(full.json()).toMatchObject({ code: 'CONFLICT', details: { limit: PROCESSORS_PER_BUCKET } });
    expect(Object.keys(await stepsByName(owner, id))).toHaveLength(3);
  });
});
