import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { OSS_PREFIX } from '@portal/contracts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { answering, startPeer, startPortal, type Running } from './server.ts';
import { accessToken } from './tokens.ts';

export const BENCH_BUCKET = 'bench';

/** An S3 service under test: how to reach it and its process (for memory and CPU). */
export interface S3Service {
  name: string;
  client: S3Client;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** An S3 client as an application would make one: defaults, but for where the service is and who signs. */
export const s3Client = (endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }) =>
  new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });

async function portalCall<T>(url: string, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${OSS_PREFIX}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The portal as users start it, on PostgreSQL, with its S3 API on a port of its own: a bucket and an
 * access key made through the console's API, as an administrator would.
 */
export async function startPortalS3(databaseUrl: string): Promise<S3Service> {
  const s3Port = await freePort();
  const portal = await startPortal(databaseUrl, { env: { S3_PORT: String(s3Port) } });
  try {
    const token = await accessToken(portal.url);
    await portalCall(portal.url, token, 'POST', '/v1/buckets', { name: BENCH_BUCKET });
    const key = await portalCall<{ accessKeyId: string; secretAccessKey: string }>(portal.url, token, 'POST', '/v1/authorizations', {
      name: 'bench',
      policy: { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] },
    });
    const client = s3Client(`http://127.0.0.1:${s3Port}`, key);
    return { name: 'portal', client, pid: portal.pid, stop: () => stopBoth(client, portal) };
  } catch (error) {
    await portal.stop();
    throw error;
  }
}

async function stopBoth(client: S3Client, server: Running) {
  client.destroy();
  await server.stop();
}

/** s3rver (npm) in a process of its own, its files under `directory`, with its documented default credentials. */
export async function startS3rver(directory: string): Promise<S3Service> {
  const server = await startPeer('s3rver-server.ts', { DIRECTORY: directory }, answering);
  const client = s3Client(server.url, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  await client.send(new CreateBucketCommand({ Bucket: BENCH_BUCKET }));
  return { name: 's3rver', client, pid: server.pid, stop: () => stopBoth(client, server) };
}

/** When a PUT's headers reached the discarding server (sent once the client's checksums were computed), as epoch ms. */
export interface Arrival {
  headersAt: number;
}

/** A server that discards every PUT's body (discard-server.ts): what the client alone reaches, and when its requests arrive. */
export async function startDiscard(): Promise<S3Service & { lastArrival(): Promise<Arrival> }> {
  const server = await startPeer('discard-server.ts', {}, answering);
  const client = s3Client(server.url, { accessKeyId: 'DISCARD', secretAccessKey: 'DISCARD' });
  const lastArrival = async () => {
    const arrival = (await (await fetch(`${server.url}/last`)).json()) as Arrival | null;
    if (!arrival) throw new Error('the discarding server has had no PUT');
    return arrival;
  };
  return { name: 'discard', client, pid: server.pid, stop: () => stopBoth(client, server), lastArrival };
}

/** Stores the bytes under the key and answers a presigned GET URL of them (valid an hour). */
export async function presignedObject(service: S3Service, key: string, bytes: Buffer): Promise<string> {
  await service.client.send(new PutObjectCommand({ Bucket: BENCH_BUCKET, Key: key, Body: bytes }));
  return getSignedUrl(service.client, new GetObjectCommand({ Bucket: BENCH_BUCKET, Key: key }), { expiresIn: 3600 });
}
