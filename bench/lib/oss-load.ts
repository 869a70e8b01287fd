import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { largeBodyGets } from './body-load.ts';
import { cpuSecondsOf } from './cpu.ts';
import { median, measureTurnAbout, type Round } from './load.ts';
import { BENCH_BUCKET, presignedObject, startDiscard, startPortalS3, startS3rver, type S3Service } from './oss-peers.ts';
import type { Check } from './report.ts';
import { startPeer } from './server.ts';

const MIB = 1024 ** 2;
/** Connections fetching the 1 MiB object at once. */
export const GET_CONNECTIONS = 16;
const PUT_BYTES = 64 * MIB;
const PUT_ROUNDS = 6;
const MEMORY_BYTES = 1024 * MIB;

export interface Spread {
  median: number;
  min: number;
  max: number;
}
const spread = (values: number[]): Spread => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
const ratios = (a: Round[], b: Round[]) => spread(a.map((round, i) => round.rps / (b[i]?.rps ?? Number.NaN)));

/** Resident memory of a process in bytes, from /proc (undefined where there is none). */
function residentBytes(pid: number | undefined): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** GET of one 1 MiB object through each service's S3 API (presigned) and from bare node:http, turn about. */
async function getComparison(portal: S3Service, s3rver: S3Service, workDir: string) {
  const bytes = randomBytes(MIB);
  const file = join(workDir, 'object.bin');
  writeFileSync(file, bytes);
  const bare = await startPeer('file-server.ts', { FILE: file });
  try {
    const urls = [
      await presignedObject(portal, 'one-mib.bin', bytes),
      bare.url + '/one-mib.bin',
      await presignedObject(s3rver, 'one-mib.bin', bytes),
    ];
    const pids = [portal.pid, bare.pid, s3rver.pid];
    const [ours = [], plain = [], emulator = []] = await measureTurnAbout(
      urls.map((url, i) => ({
        load: { url },
        run: (seconds: number) => largeBodyGets(url, GET_CONNECTIONS, seconds),
        pid: pids[i],
      })),
    );
    return {
      rps: { portal: spread(ours.map((r) => r.rps)), bare: spread(plain.map((r) => r.rps)), s3rver: spread(emulator.map((r) => r.rps)) },
      errors: { portal: ours.reduce((n, r) => n + r.errors, 0), s3rver: emulator.reduce((n, r) => n + r.errors, 0) },
      againstBare: ratios(ours, plain),
      againstS3rver: ratios(ours, emulator),
      // What the yardstick itself reaches against s3rver: the most any server could be on this machine.
      bareAgainstS3rver: ratios(plain, emulator),
    };
  } finally {
    await bare.stop();
  }
}

/** One PutObject of `bytes` with the SDK's default checksums: MiB/s, the CPU time the service's process spent on it, when it began (epoch ms). */
async function putRound(service: S3Service, key: string, bytes: Buffer): Promise<{ rate: number; cpuMs: number; startedAt: number }> {
  const cpuBefore = cpuSecondsOf(service.pid) ?? Number.NaN;
  const startedAt = performance.timeOrigin + performance.now();
  await service.client.send(new PutObjectCommand({ Bucket: BENCH_BUCKET, Key: key, Body: bytes }));
  const rate = bytes.length / MIB / ((performance.timeOrigin + performance.now() - startedAt) / 1000);
  return { rate, cpuMs: ((cpuSecondsOf(service.pid) ?? Number.NaN) - cpuBefore) * 1000, startedAt };
}

/** Milliseconds to MD5 `bytes` fed 64 KiB at a time, as a server hashing a request body does: the median of three. */
function md5Milliseconds(bytes: Buffer): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    const hash = createHash('md5');
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) hash.update(bytes.subarray(offset, offset + 64 * 1024));
    hash.digest();
    return performance.now() - started;
  });
  return median(times);
}

/**
 * PUT of 64 MiB, the services turn about (order rotating each round), one warm-up each. The third
 * peer discards what it is sent: the client's own ceiling, which bounds any service's ratio. It also
 * shows how long the client works before its first byte goes out (computing the checksums its
 * headers carry). A service whose answer carries the body's MD5 (S3's ETag) cannot answer sooner
 * than that time plus one MD5 of the whole body, which starts with the first byte and cannot be
 * split: `md5Bound` is that least time, measured on this machine in this run.
 */
async function putComparison(portal: S3Service, s3rver: S3Service, discard: Awaited<ReturnType<typeof startDiscard>>) {
  const bytes = randomBytes(PUT_BYTES);
  const services = [portal, s3rver, discard];
  const rounds = new Map<S3Service, { rate: number; cpuMs: number }[]>(services.map((service) => [service, []]));
  const clientFirstMs: number[] = [];
  for (const service of services) await putRound(service, 'warm-up.bin', bytes);
  for (let i = 0; i < PUT_ROUNDS; i++) {
    for (let turn = 0; turn < services.length; turn++) {
      const service = services[(i + turn) % services.length] as S3Service;
      const round = await putRound(service, `put-${i}.bin`, bytes);
      rounds.get(service)?.push(round);
      if (service === discard) clientFirstMs.push((await discard.lastArrival()).headersAt - round.startedAt);
    }
  }
  const of = (service: S3Service) => (rounds.get(service) ?? []).map((round) => round.rate);
  // The process's CPU time, every thread, per PUT (clock ticks of 10 ms: the mean over the rounds).
  const cpuMs = (service: S3Service) => (rounds.get(service) ?? []).reduce((sum, round) => sum + round.cpuMs, 0) / PUT_ROUNDS;
  const against = (a: S3Service, b: S3Service) => spread(of(a).map((rate, i) => rate / (of(b)[i] ?? Number.NaN)));
  const md5Ms = md5Milliseconds(bytes);
  const leastMs = median(clientFirstMs) + md5Ms;
  const boundMibPerSecond = PUT_BYTES / MIB / (leastMs / 1000);
  return {
    mibPerSecond: { portal: spread(of(portal)), s3rver: spread(of(s3rver)), discard: spread(of(discard)) },
    serverCpuMs: { portal: cpuMs(portal), s3rver: cpuMs(s3rver), discard: cpuMs(discard) },
    againstS3rver: against(portal, s3rver),
    ceilingAgainstS3rver: against(discard, s3rver),
    md5Bound: {
      clientFirstMs: spread(clientFirstMs),
      md5Ms,
      leastMs,
      mibPerSecond: boundMibPerSecond,
      againstS3rver: boundMibPerSecond / median(of(s3rver)),
    },
  };
}

/** The portal's peak resident memory while a 1 GiB body streams in (sampled every 50 ms). */
async function memoryDuringUpload(portal: S3Service) {
  const before = residentBytes(portal.pid) ?? 0;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(portal.pid) ?? 0)), 50);
  async function* body() {
    const chunk = randomBytes(MIB);
    for (let sent = 0; sent < MEMORY_BYTES; sent += MIB) yield chunk;
  }
  const started = performance.now();
  try {
    await portal.client.send(
      new PutObjectCommand({ Bucket: BENCH_BUCKET, Key: 'one-gib.bin', Body: Readable.from(body()), ContentLength: MEMORY_BYTES }),
    );
  } finally {
    clearInterval(sampler);
  }
  return { beforeMb: before / 1e6, peakMb: peak / 1e6, seconds: (performance.now() - started) / 1000 };
}

export type OssFigures = Awaited<ReturnType<typeof ossBenchmarks>>;

/** Every figure of the object storage issue, in one run: GET against bare node:http and s3rver, PUT, memory. */
export async function ossBenchmarks(databaseUrl: string) {
  const workDir = mkdtempSync(join(tmpdir(), 'portal-oss-bench-'));
  const portal = await startPortalS3(databaseUrl);
  const s3rver = await startS3rver(join(workDir, 's3rver'));
  const discard = await startDiscard();
  try {
    const get = await getComparison(portal, s3rver, workDir);
    const put = await putComparison(portal, s3rver, discard);
    const memory = await memoryDuringUpload(portal);
    const checks: Check[] = [
      {
        target: `S3 GET of 1 MiB ≥ 0.8 × bare node:http streaming the file (${GET_CONNECTIONS} connections)`,
        value: `${get.againstBare.median.toFixed(2)} × (rounds ${get.againstBare.min.toFixed(2)}–${get.againstBare.max.toFixed(2)}; ${Math.round(get.rps.portal.median)} vs ${Math.round(get.rps.bare.median)} req/s)`,
        pass: get.againstBare.median >= 0.8 && get.errors.portal === 0,
      },
      {
        target: 'S3 GET of 1 MiB ≥ 2 × s3rver',
        value:
          `${get.againstS3rver.median.toFixed(2)} × (rounds ${get.againstS3rver.min.toFixed(2)}–${get.againstS3rver.max.toFixed(2)}; s3rver ${Math.round(get.rps.s3rver.median)} req/s; ` +
          `bare node:http itself: ${get.bareAgainstS3rver.median.toFixed(2)} × s3rver)`,
        pass: get.againstS3rver.median >= 2,
      },
      {
        target: 'S3 PUT of 64 MiB with checksums ≥ 200 MiB/s',
        value: `${Math.round(put.mibPerSecond.portal.median)} MiB/s (${Math.round(put.mibPerSecond.portal.min)}–${Math.round(put.mibPerSecond.portal.max)})`,
        pass: put.mibPerSecond.portal.median >= 200,
      },
      {
        target: 'S3 PUT of 64 MiB ≥ 2 × s3rver',
        value:
          `${put.againstS3rver.median.toFixed(2)} × (rounds ${put.againstS3rver.min.toFixed(2)}–${put.againstS3rver.max.toFixed(2)}; s3rver ${Math.round(put.mibPerSecond.s3rver.median)} MiB/s; ` +
          `the client's ceiling, a server discarding the bytes: ${Math.round(put.mibPerSecond.discard.median)} MiB/s = ${put.ceilingAgainstS3rver.median.toFixed(2)} × s3rver; ` +
          `server CPU per PUT: portal ${Math.round(put.serverCpuMs.portal)} ms, s3rver ${Math.round(put.serverCpuMs.s3rver)} ms, discarding ${Math.round(put.serverCpuMs.discard)} ms; ` +
          `the least time of any server answering the body's MD5: the client's ${Math.round(put.md5Bound.clientFirstMs.median)} ms before its first byte + ${Math.round(put.md5Bound.md5Ms)} ms of MD5 = ${Math.round(put.md5Bound.leastMs)} ms, at most ${Math.round(put.md5Bound.mibPerSecond)} MiB/s = ${put.md5Bound.againstS3rver.toFixed(2)} × s3rver)`,
        pass: put.againstS3rver.median >= 2,
      },
      {
        target: 'server memory < 300 MB while a 1 GiB file uploads',
        value: `peak ${Math.round(memory.peakMb)} MB (before ${Math.round(memory.beforeMb)} MB; 1 GiB in ${memory.seconds.toFixed(1)} s)`,
        pass: memory.peakMb < 300,
      },
    ];
    return { get, put, memory, checks };
  } finally {
    await Promise.allSettled([portal.stop(), s3rver.stop(), discard.stop()]);
    rmSync(workDir, { recursive: true, force: true });
  }
}
