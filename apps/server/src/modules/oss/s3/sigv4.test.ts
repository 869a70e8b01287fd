import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { checkPayloadSha256, hasSigV4, verifySigV4, type SigV4Request } from './sigv4.ts';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const lookupSecret = (id: string) => (id === ACCESS_KEY ? SECRET : undefined);
const unreachable = (): string => {
  throw new Error('the key was looked up');
};
const SIGNED_AT = new Date('2026-11-26T12:00:00Z');
/** The region the verifier is the service of, and the signer signs for. */
const REGION = 'eu-west-1';
const signer = new SignatureV4({
  service: 's3',
  region: REGION,
  credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
  sha256: Sha256,
  uriEscapePath: false,
});

/** A key encoded the way S3 clients put it in the path (RFC 3986 strict, slashes kept). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

interface Spec {
  method?: string;
  host?: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

function unsignedRequest(spec: Spec): HttpRequest {
  return new HttpRequest({
    method: spec.method ?? 'GET',
    protocol: 'http:',
    hostname: spec.host ?? 'localhost',
    path: spec.path,
    query: spec.query ?? {},
    headers: { host: spec.host ?? 'localhost', ...spec.headers },
  });
}

function toVerifierInput(signed: HttpRequest): SigV4Request {
  const query = Object.entries(signed.query).map(([name, value]) => [name, String(value)] as const);
  const headers = Object.fromEntries(Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method: signed.method, rawPath: signed.path, query, headers };
}

async function signHeader(spec: Spec): Promise<SigV4Request> {
  const request = unsignedRequest({ ...spec, headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...spec.headers } });
  return toVerifierInput((await signer.sign(request, { signingDate: SIGNED_AT })) as HttpRequest);
}

/** As @aws-sdk/s3-request-presigner does: UNSIGNED-PAYLOAD in a header that the signer hoists into the query. */
async function presign(spec: Spec, expiresIn = 3600): Promise<SigV4Request> {
  const request = unsignedRequest({ ...spec, headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...spec.headers } });
  return toVerifierInput((await signer.presign(request, { signingDate: SIGNED_AT, expiresIn })) as HttpRequest);
}

const verify = (request: SigV4Request, now = SIGNED_AT, region = REGION) => verifySigV4(request, { lookupSecret, now, region });
/** AWS's published examples sign for us-east-1. */
const AWS_EXAMPLE_REGION = 'us-east-1';
const rejects = (request: SigV4Request, code: string, now = SIGNED_AT) => expect(verify(request, now)).rejects.toMatchObject({ code });

const KEYS = [
  'plain.txt',
  'with space/and+plus=equals~tilde.txt',
  'ünïcødé/日本語 ファイル',
  "odd!'()*&$@,;:?#[]%.bin",
  'a//double/./dot/../x',
];

describe('SigV4 in the Authorization header', () => {
  it.each(KEYS)('accepts a request signed by @smithy/signature-v4 for key %s', async (key) => {
    const request = await signHeader({ path: `/bucket/${encodeKey(key)}`, query: { 'list-type': '2', prefix: 'a b+c' } });
    const result = await verify(request);
    expect(result).toMatchObject({ accessKeyId: ACCESS_KEY, presigned: false, payload: { kind: 'unsigned' } });
    expect(result.scope).toEqual({ date: '20261126', region: 'eu-west-1', service: 's3' });
    expect(result.amzDate).toBe('20261126T120000Z');
  });

  it('accepts virtual-host style with extra signed headers whose values need trimming', async () => {
    const request = await signHeader({
      method: 'PUT',
      host: 'my-bucket.s3.example.test:9000',
      path: `/${encodeKey('folder/x y.txt')}`,
      headers: { 'x-amz-meta-note': '  spaced   out  value ', 'content-type': 'text/plain' },
    });
    request.headers = { ...request.headers, 'x-amz-meta-note': 'spaced out value' };
    await expect(verify(request)).resolves.toMatchObject({ accessKeyId: ACCESS_KEY });
  });

  it('reports each payload mode and keeps the seed signature and signing key', async () => {
    const sha = 'a'.repeat(64);
    for (const [header, kind] of [
      [sha, 'sha256'],
      ['STREAMING-AWS4-HMAC-SHA256-PAYLOAD', 'streaming-signed'],
      ['STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER', 'streaming-signed-trailer'],
      ['STREAMING-UNSIGNED-PAYLOAD-TRAILER', 'streaming-unsigned-trailer'],
    ] as const) {
      const request = await signHeader({ method: 'PUT', path: '/b/k', headers: { 'x-amz-content-sha256': header } });
      const result = await verify(request);
      expect(result.payload.kind).toBe(kind);
      expect(result.seedSignature).toBe(/Signature=([0-9a-f]{64})/.exec(String(request.headers['authorization']))![1]);
      expect(result.signingKey).toHaveLength(32);
    }
  });

  it('refuses tampering with the path, query, a signed header or the date', async () => {
    const request = await signHeader({ path: '/bucket/key', query: { prefix: 'a' }, headers: { range: 'bytes=0-9' } });
    await rejects({ ...request, rawPath: '/bucket/key2' }, 'SignatureDoesNotMatch');
    await rejects({ ...request, query: [['prefix', 'b']] }, 'SignatureDoesNotMatch');
    await rejects({ ...request, query: [...request.query, ['extra', '1']] }, 'SignatureDoesNotMatch');
    await rejects({ ...request, headers: { ...request.headers, range: 'bytes=0-99' } }, 'SignatureDoesNotMatch');
    await rejects({ ...request, headers: { ...request.headers, 'x-amz-date': '20261126T120001Z' } }, 'SignatureDoesNotMatch');
    await rejects({ ...request, headers: { ...request.headers, 'x-amz-date': '20261125T120000Z' } }, 'AuthorizationHeaderMalformed');
    await rejects({ ...request, method: 'DELETE' }, 'SignatureDoesNotMatch');
  });

  it('treats an encoded path and its decoded-then-reencoded form alike, but not a double encoding', async () => {
    const request = await signHeader({ path: '/bucket/a~b%20c' });
    await expect(verify({ ...request, rawPath: '/bucket/a%7eb%20c' })).resolves.toBeDefined();
    await rejects({ ...request, rawPath: '/bucket/a%257Eb' }, 'SignatureDoesNotMatch');
  });

  it('answers S3 codes for a wrong key, skew, malformed headers and unsigned x-amz headers', async () => {
    const request = await signHeader({ path: '/b/k' });
    await rejects(request, 'RequestTimeTooSkewed', new Date(SIGNED_AT.getTime() + 16 * 60_000));
    await rejects(request, 'RequestTimeTooSkewed', new Date(SIGNED_AT.getTime() - 16 * 60_000));
    await expect(verify(request, new Date(SIGNED_AT.getTime() + 14 * 60_000))).resolves.toBeDefined();
    const auth = String(request.headers['authorization']);
    await rejects({ ...request, headers: { ...request.headers, authorization: auth.replace(ACCESS_KEY, 'NOPE') } }, 'InvalidAccessKeyId');
    await rejects(
      { ...request, headers: { ...request.headers, authorization: auth.replace(/Signature=\w+/, 'Signature=00') } },
      'SignatureDoesNotMatch',
    );
    await rejects(
      { ...request, headers: { ...request.headers, authorization: auth.replace(/SignedHeaders=[^,]+,/, '') } },
      'AuthorizationHeaderMalformed',
    );
    await rejects(
      { ...request, headers: { ...request.headers, authorization: auth.replace('/s3/', '/ec2/') } },
      'AuthorizationHeaderMalformed',
    );
    await rejects({ ...request, headers: { ...request.headers, authorization: 'AWS AKID:abc' } }, 'InvalidRequest');
    await rejects({ ...request, headers: { ...request.headers, 'x-amz-meta-sneaky': '1' } }, 'AccessDenied');
    const { 'x-amz-date': _date, ...undated } = request.headers;
    await rejects({ ...request, headers: undated }, 'AccessDenied');
    await rejects({ ...request, headers: {} }, 'AccessDenied');
  });

  it("refuses a scope naming another region than the service's, as S3 does, before looking the key up", async () => {
    const otherService = (request: SigV4Request) =>
      verifySigV4(request, { lookupSecret: unreachable, now: SIGNED_AT, region: 'us-east-1' });
    await expect(otherService(await signHeader({ path: '/b/k' }))).rejects.toMatchObject({
      code: 'AuthorizationHeaderMalformed',
      status: 400,
      message: "The authorization header is malformed; the region 'eu-west-1' is wrong; expecting 'us-east-1'",
      extra: { Region: 'us-east-1' },
    });
    await expect(otherService(await presign({ path: '/b/k' }))).rejects.toMatchObject({
      code: 'AuthorizationQueryParametersError',
      status: 400,
      message: "Error parsing the X-Amz-Credential parameter; the region 'eu-west-1' is wrong; expecting 'us-east-1'",
      extra: { Region: 'us-east-1' },
    });
  });

  it('checks a literal payload SHA-256 against the body once read', async () => {
    const request = await signHeader({ method: 'PUT', path: '/b/k', headers: { 'x-amz-content-sha256': 'ab'.repeat(32) } });
    const { payload } = await verify(request);
    expect(() => checkPayloadSha256(payload, 'ab'.repeat(32))).not.toThrow();
    expect(() => checkPayloadSha256(payload, 'cd'.repeat(32))).toThrow(expect.objectContaining({ code: 'XAmzContentSHA256Mismatch' }));
  });

  it("matches AWS's published GET example (examplebucket, test.txt, Range bytes=0-9)", async () => {
    const request: SigV4Request = {
      method: 'GET',
      rawPath: '/test.txt',
      query: [],
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      },
    };
    await expect(verify(request, new Date('2013-05-24T00:00:00Z'), AWS_EXAMPLE_REGION)).resolves.toMatchObject({ accessKeyId: ACCESS_KEY });
  });
});

describe('SigV4 in a presigned query string', () => {
  it.each(KEYS)('accepts a URL presigned by @smithy/signature-v4 for key %s', async (key) => {
    const request = await presign({
      host: 'bucket.s3.example.test',
      path: `/${encodeKey(key)}`,
      query: { 'response-content-type': 'a/b c' },
    });
    expect(hasSigV4(request)).toBe(true);
    await expect(verify(request)).resolves.toMatchObject({ accessKeyId: ACCESS_KEY, presigned: true, payload: { kind: 'unsigned' } });
  });

  it('refuses an expired, not yet valid, overlong or tampered URL', async () => {
    const request = await presign({ method: 'PUT', path: '/b/k' }, 60);
    await expect(verify(request, new Date(SIGNED_AT.getTime() + 60_000))).resolves.toBeDefined();
    await rejects(request, 'AccessDenied', new Date(SIGNED_AT.getTime() + 61_000));
    await rejects(request, 'AccessDenied', new Date(SIGNED_AT.getTime() - 16 * 60_000));
    const withExpiry = (value: string) => request.query.map(([n, v]) => [n, n === 'X-Amz-Expires' ? value : v] as const);
    await rejects({ ...request, query: withExpiry('604801') }, 'AuthorizationQueryParametersError');
    await rejects({ ...request, query: withExpiry('120') }, 'SignatureDoesNotMatch');
    await rejects({ ...request, method: 'GET' }, 'SignatureDoesNotMatch');
    await rejects({ ...request, rawPath: '/b/other' }, 'SignatureDoesNotMatch');
    await rejects({ ...request, headers: { ...request.headers, host: 'evil.test' } }, 'SignatureDoesNotMatch');
    await rejects({ ...request, query: request.query.filter(([n]) => n !== 'X-Amz-Credential') }, 'AuthorizationQueryParametersError');
    await rejects({ ...request, headers: { ...request.headers, authorization: 'AWS4-HMAC-SHA256 x' } }, 'InvalidArgument');
  });

  it('accepts the maximum expiry of a week', async () => {
    const request = await presign({ path: '/b/k' }, 604800);
    await expect(verify(request, new Date(SIGNED_AT.getTime() + 604800_000))).resolves.toBeDefined();
  });

  it("matches AWS's published presigned GET example", async () => {
    const query: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Credential', 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request'],
      ['X-Amz-Date', '20130524T000000Z'],
      ['X-Amz-Expires', '86400'],
      ['X-Amz-SignedHeaders', 'host'],
      ['X-Amz-Signature', 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404'],
    ];
    const request = { method: 'GET', rawPath: '/test.txt', query, headers: { host: 'examplebucket.s3.amazonaws.com' } };
    await expect(verify(request, new Date('2013-05-24T01:00:00Z'), AWS_EXAMPLE_REGION)).resolves.toMatchObject({ presigned: true });
  });
});
