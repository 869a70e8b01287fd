import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { ossDataDir } from '../../../../test/factories/oss.ts';
import { s3Endpoint } from './listener.test-support.ts';

const dataDir = ossDataDir();

describe('the S3 listener', () => {
  it('listens on its own port once the app is ready, answers every request with a request id, and stops with the app', async () => {
    const t = await buildTestApp({ DATA_DIR: dataDir });
    const endpoint = s3Endpoint(t);
    expect(new URL(endpoint).port).not.toBe(String(t.config.port));
    const anonymous = await fetch(`${endpoint}/`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('x-amz-request-id')).toMatch(/^[0-9A-F]{16}$/);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    const unimplemented = await fetch(`${endpoint}/some-bucket?website`);
    expect([unimplemented.status, unimplemented.headers.get('x-amz-request-id')?.length]).toEqual([501, 16]);
    await t.close();
    await expect(fetch(`${endpoint}/`)).rejects.toThrow();
    expect(t.app.modules.oss.s3Port()).toBeUndefined();
  });
});
