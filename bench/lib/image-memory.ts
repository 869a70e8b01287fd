import { readFileSync } from 'node:fs';
import { OSS_PREFIX } from '@portal/contracts';
import sharp from 'sharp';
import type { Check } from './report.ts';
import { startPortal } from './server.ts';
import { accessToken } from './tokens.ts';

/** The case of issue 28: one 10000×10000 PNG (a solid colour, ~290 KB: a tiny file, a huge image). */
const SIDE = 10_000;
const RESIZE = 8192;
export const DOWNLOADS = 8;
/** How long after the last answer the memory held is read (the heap and libvips settle by then). */
const SETTLE_MS = 5_000;
export const PEAK_TARGET_MB = 1000;

/** VmRSS (now) and VmHWM (the process's highest so far) of `pid`, in MB, from /proc/<pid>/status. */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(/\s(\d+) kB/.exec(status.split('\n').find((line) => line.startsWith(name)) ?? '')?.[1]) / 1024;
  return { rssMb: field('VmRSS:'), hwmMb: field('VmHWM:') };
}

async function call(url: string, token: string, method: string, path: string, body: Buffer | object) {
  const raw = Buffer.isBuffer(body);
  const response = await fetch(`${url}${OSS_PREFIX}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
    body: raw ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

export interface ImageRun {
  /** RSS once the bucket, the object and the processor exist, before the first download. */
  beforeMb: number;
  /** VmHWM then: the peak of the start and the seeding, before any image work. */
  startPeakMb: number;
  /** VmHWM at the end: the process's peak, sampling gaps or not. */
  peakMb: number;
  /** The highest VmRSS sampled every 20 ms during the downloads (a check on the peak). */
  sampledPeakMb: number;
  /** RSS SETTLE_MS after the last answer. */
  afterMb: number;
  /** From the first request sent to the last answer read. */
  seconds: number;
  /** Each download's status (200, or 503 where the image work was full). */
  statuses: number[];
}

/**
 * One run on a fresh server (so VmHWM is this case's alone): the PNG stored in a bucket, a processor
 * resizing to 8192×8192, then DOWNLOADS concurrent downloads through it, by the administrator.
 * `distinct`: each download reads its own copy of the image (no run shared among them).
 */
export async function imageMemoryRun(png: Buffer, distinct: boolean, databaseUrl?: string): Promise<ImageRun> {
  const portal = await startPortal(databaseUrl);
  try {
    const pid = portal.pid!;
    const token = await accessToken(portal.url);
    const { id } = await call(portal.url, token, 'POST', '/v1/buckets', { name: 'images' });
    const keys = Array.from({ length: DOWNLOADS }, (_, i) => (distinct ? `big-${i}.png` : 'big.png'));
    for (const key of new Set(keys)) await call(portal.url, token, 'PUT', `/v1/buckets/${id}/files?key=${encodeURIComponent(key)}`, png);
    await call(portal.url, token, 'POST', `/v1/buckets/${id}/processors`, {
      name: 'huge',
      steps: [{ op: 'resize', width: RESIZE, height: RESIZE, fit: 'cover' }],
    });
    const { rssMb: beforeMb, hwmMb: startPeakMb } = memoryOf(pid);
    let sampledPeakMb = beforeMb;
    const sampler = setInterval(() => (sampledPeakMb = Math.max(sampledPeakMb, memoryOf(pid).rssMb)), 20);
    const started = performance.now();
    const statuses = await Promise.all(
      keys.map(async (key) => {
        const response = await fetch(`${portal.url}${OSS_PREFIX}/v1/buckets/${id}/files?key=${encodeURIComponent(key)}&x-process=huge`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    clearInterval(sampler);
    const end = memoryOf(pid);
    return { beforeMb, startPeakMb, peakMb: end.hwmMb, sampledPeakMb, afterMb: end.rssMb, seconds, statuses };
  } finally {
    await portal.stop();
  }
}

const round = (value: number) => Math.round(value);
const summary = (runs: ImageRun[]) =>
  runs
    .map(
      (r) =>
        `${round(r.peakMb)} MB peak (sampled during the downloads ${round(r.sampledPeakMb)}, the start's own ${round(r.startPeakMb)}), ` +
        `${round(r.afterMb)} after, ${r.seconds.toFixed(1)} s`,
    )
    .join('; ');

/** `runs` fresh servers per case, on the embedded database (what `npm start` uses unless DATABASE_URL is set). */
export async function imageMemoryFigures(runs: number, databaseUrl?: string) {
  // One colour at deflate's best: 300 MB of pixels in ~300 KB.
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const cases = { sameObject: [] as ImageRun[], distinctObjects: [] as ImageRun[] };
  for (let i = 0; i < runs; i++) {
    cases.sameObject.push(await imageMemoryRun(png, false, databaseUrl));
    cases.distinctObjects.push(await imageMemoryRun(png, true, databaseUrl));
  }
  const passes = (list: ImageRun[]) => list.every((r) => r.peakMb < PEAK_TARGET_MB && r.statuses.every((s) => s === 200 || s === 503));
  const checks: Check[] = [
    {
      target: `peak RSS < ${PEAK_TARGET_MB} MB: ${DOWNLOADS} concurrent downloads of one ${SIDE}×${SIDE} PNG (${round(png.length / 1024)} KB) resized to ${RESIZE}×${RESIZE}`,
      value: summary(cases.sameObject),
      pass: passes(cases.sameObject),
    },
    {
      target: `peak RSS < ${PEAK_TARGET_MB} MB: the same with ${DOWNLOADS} distinct copies (no run shared)`,
      value: `${summary(cases.distinctObjects)} (statuses ${cases.distinctObjects.map((r) => r.statuses.join(',')).join(' | ')})`,
      pass: passes(cases.distinctObjects),
    },
  ];
  return { image: { side: SIDE, bytes: png.length, resize: RESIZE, downloads: DOWNLOADS }, ...cases, checks };
}
