import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      s3Port: 9000,
      s3BaseHosts: ['localhost'],
      publicUrl: 'http://localhost:8080',
      adminUsername: 'admin',
      logLevel: 'info',
      databaseUrl: undefined,
      adminPassword: undefined,
      trustProxy: false,
      jobConcurrency: 64,
      jobMaxFailures: 8,
      jobLeaseMs: 30_000,
      sendRate: { sends: 120, receivers: 200_000 },
      idpAllowHttp: false,
      outboundAllow: [],
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT/],
    [{ S3_PORT: '9000x' }, /S3_PORT must be a whole number from 0 to 65535/],
    [{ S3_PORT: '-1' }, /S3_PORT/],
    [{ S3_BASE_HOSTS: 's3.example.com, bad_host' }, /S3_BASE_HOSTS must be comma-separated host names, got "bad_host"/],
    [{ PUBLIC_URL: 'portal.example.com' }, /PUBLIC_URL must be an absolute URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must start with http: or https:/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL must start with postgres:/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8/],
    [{ ADMIN_USERNAME: 'a b' }, /ADMIN_USERNAME/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true, false, a number/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, /TRUST_PROXY/],
    [{ JOB_CONCURRENCY: '0' }, /JOB_CONCURRENCY must be a whole number from 1/],
    [{ JOB_MAX_FAILURES: 'eight' }, /JOB_MAX_FAILURES must be a whole number/],
    [{ IDP_ALLOW_HTTP: 'yes' }, /IDP_ALLOW_HTTP must be true or false/],
    [{ OUTBOUND_ALLOW: '10.0.0.0/8, http://hooks.corp' }, /OUTBOUND_ALLOW must be comma-separated .* got "http:\/\/hooks.corp"/],
    [{ OUTBOUND_ALLOW: '192.168.0.0/40' }, /OUTBOUND_ALLOW/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('takes the S3 base hosts from PUBLIC_URL and localhost unless S3_BASE_HOSTS names them', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Portal.Example.com', S3_PORT: '0' })).toMatchObject({
      s3Port: 0,
      s3BaseHosts: ['portal.example.com', 'localhost'],
    });
    expect(loadConfig({ S3_BASE_HOSTS: 's3.example.com,S3.internal' }).s3BaseHosts).toEqual(['s3.example.com', 's3.internal']);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
  });

  it('reads TRUST_PROXY as on, off, a hop count or the addresses of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('stores object bytes on the filesystem unless STORAGE_DRIVER names an S3 bucket, checked whole', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'filesystem' });
    const s3 = {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_BUCKET: 'portal-bytes',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      bucket: 'portal-bytes',
      prefix: '',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'b-1', STORAGE_S3_PREFIX: 'portal/a/' }).storage).toMatchObject({
      prefix: 'portal/a/',
      credentials: undefined,
      endpoint: undefined,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 'disk' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_S3_BUCKET/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_PREFIX: '../x/' })).toThrow(/STORAGE_S3_PREFIX/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_SECRET_ACCESS_KEY: '' })).toThrow(/go together/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_ENDPOINT: 'ftp://x' })).toThrow(/STORAGE_S3_ENDPOINT/);
  });
});
