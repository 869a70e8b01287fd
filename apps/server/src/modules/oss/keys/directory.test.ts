import { describe, expect, it } from 'vitest';
import type { AccessKeyPolicy } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { makeUser } from '../../../../test/factories/identity.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { createSecretBox } from '../../reception-center/index.ts';
import { generateKeyPairSync } from 'node:crypto';
import { ossAccessKeys } from '../tables.ts';
import { createKeyDirectory, KEY_CACHE_MS } from './directory.ts';
import { issueAccessKey } from './issue.ts';

const { t } = appPerFile();
const box = createSecretBox(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
const policy: AccessKeyPolicy = { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] };

describe('access key directory', () => {
  it('issues a key whose secret is stored only sealed, and finds it back opened', async () => {
    const owner = await makeUser(t);
    const directory = createKeyDirectory(t.database.db, box);
    const issued = await issueAccessKey(t.database.db, directory, { ownerId: owner.id, name: 'backup', policy });
    expect(issued.accessKeyId).toMatch(/^PK[A-Z2-7]{18}$/);
    expect(issued.secretAccessKey).toHaveLength(40);
    const [row] = await t.database.db.select().from(ossAccessKeys).where(eq(ossAccessKeys.accessKeyId, issued.accessKeyId));
    expect(row?.secretSealed).not.toContain(issued.secretAccessKey);
    expect(await directory.find(issued.accessKeyId)).toEqual({
      accessKeyId: issued.accessKeyId,
      secret: issued.secretAccessKey,
      ownerId: owner.id,
      policy,
      enabled: true,
    });
    expect(await directory.find('PKNOSUCHKEY')).toBeUndefined();
  });

  it('does not open a sealed secret copied onto another key', async () => {
    const owner = await makeUser(t);
    const directory = createKeyDirectory(t.database.db, box);
    const first = await issueAccessKey(t.database.db, directory, { ownerId: owner.id, policy });
    const second = await issueAccessKey(t.database.db, directory, { ownerId: owner.id, policy });
    const [row] = await t.database.db.select().from(ossAccessKeys).where(eq(ossAccessKeys.accessKeyId, first.accessKeyId));
    await t.database.db
      .update(ossAccessKeys)
      .set({ secretSealed: row!.secretSealed })
      .where(eq(ossAccessKeys.accessKeyId, second.accessKeyId));
    await expect(directory.find(second.accessKeyId)).rejects.toThrow();
  });

  it('sees a change after forget or once the cache time has passed', async () => {
    const owner = await makeUser(t);
    let clock = 1_000_000;
    const directory = createKeyDirectory(t.database.db, box, () => clock);
    const { accessKeyId } = await issueAccessKey(t.database.db, directory, { ownerId: owner.id, policy });
    expect((await directory.find(accessKeyId))?.enabled).toBe(true);
    const disable = (state: 'enabled' | 'disabled') =>
      t.database.db.update(ossAccessKeys).set({ state }).where(eq(ossAccessKeys.accessKeyId, accessKeyId));
    await disable('disabled');
    expect((await directory.find(accessKeyId))?.enabled).toBe(true);
    clock += KEY_CACHE_MS;
    expect((await directory.find(accessKeyId))?.enabled).toBe(false);
    await disable('enabled');
    directory.forget(accessKeyId);
    expect((await directory.find(accessKeyId))?.enabled).toBe(true);
  });

  it('refuses a policy with a bad source range or a past expiry', async () => {
    const owner = await makeUser(t);
    const directory = createKeyDirectory(t.database.db, box);
    const issue = (changes: Partial<AccessKeyPolicy>) =>
      issueAccessKey(t.database.db, directory, { ownerId: owner.id, policy: { ...policy, ...changes } });
    await expect(issue({ sourceCidrs: ['10.0.0.0/40'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(issue({ expiresAt: '2020-01-01T00:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
