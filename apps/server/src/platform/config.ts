import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { parseOutboundAllow } from './outbound/allow-list.ts';
import { SERVER_PACKAGE_ROOT } from './package-root.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  /** S3_PORT: the S3-compatible API's own listener (default 9000, MinIO's; 0 picks a free port). */
  s3Port: number;
  /**
   * S3_BASE_HOSTS: the hosts under which `<bucket>.<host>` addresses a bucket (virtual-host style).
   * Default: PUBLIC_URL's host and `localhost`.
   */
  s3BaseHosts: string[];
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  adminUsername: string;
  /** Unset: a random password is generated on first start and printed once. */
  adminPassword: string | undefined;
  logLevel: LogLevel;
  /** Where the built SPA lives; served at / when it exists. */
  webDistDir: string;
  /** `smtp://user:pass@host:587` or `smtps://…`; unset: no mail channel (mail-only features answer NOT_CONFIGURED). */
  smtpUrl: string | undefined;
  /** The sender of every mail: `Name <address>` or a bare address. */
  mailFrom: string;
  /**
   * Fastify's `trustProxy`: which proxies' X-Forwarded-For / -Proto / -Host to believe, so request.ip
   * (per-address limits, audit) is the client's, not the proxy's. false: none (the default).
   */
  trustProxy: TrustProxy;
  /** Background jobs (platform/jobs): how many one instance runs at once, and failures before one is parked. */
  jobConcurrency: number;
  jobMaxFailures: number;
  /**
   * JOB_LEASE_MS (default 30000): how long a job's claim holds without its worker renewing it. On
   * PostgreSQL, the jobs of an instance that died run again this long after it stopped renewing.
   */
  jobLeaseMs: number;
  /**
   * The per-sender send rate of the message centre (POST /common/notify), over any minute:
   * MESSAGE_SENDS_PER_MINUTE sends (default 120) and MESSAGE_RECEIVERS_PER_MINUTE receivers reached
   * (default 200000); past either, 429 with Retry-After. The platform's own messages are not counted.
   */
  sendRate: { sends: number; receivers: number };
  /** Where object bytes live (icons, maps, OSS objects): files under dataDir/objects, or an S3 bucket. */
  storage: StorageConfig;
  /**
   * IDP_ALLOW_HTTP: identity providers (the `third` settings) may be reached over plain http on other
   * hosts than this machine's loopback. Off by default: a provider's answers decide who signs in.
   */
  idpAllowHttp: boolean;
  /**
   * OUTBOUND_ALLOW: the internal addresses, CIDR ranges and host names the server may reach for an
   * address a person configured (webhooks, SMS gateways, channels' SMTP servers, identity providers,
   * menu.json). Empty by default: only public addresses (platform/outbound).
   */
  outboundAllow: string[];
  /**
   * Image processing's memory budget (IMAGE_MEMORY_MB, default 512) shared by every download, preview
   * and conversion of the instance, and how many requests may wait for room (IMAGE_QUEUE, default 16).
   */
  imageWork: { bytes: number; maxWaiting: number };
}

/** true: every hop; a number: that many hops; addresses or CIDR ranges (or proxy-addr's names): those proxies. */
export type TrustProxy = boolean | number | string[];

/** STORAGE_DRIVER=s3: any S3-compatible service (endpoint unset: AWS itself), its bucket and an optional key prefix. */
export type StorageConfig =
  | { driver: 'filesystem' }
  | {
      driver: 's3';
      bucket: string;
      prefix: string;
      region: string;
      endpoint: string | undefined;
      /** Unset: the SDK's default credential chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {}

function parsePort(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** S3_BASE_HOSTS: comma-separated host names; unset, PUBLIC_URL's host name and localhost. */
function parseBaseHosts(raw: string | undefined, publicUrl: string): string[] {
  const hosts = raw?.trim()
    ? raw.split(',').map((host) => host.trim().toLowerCase())
    : [new URL(publicUrl).hostname.toLowerCase(), 'localhost'];
  const bad = hosts.find((host) => !HOST_NAME.test(host));
  if (bad !== undefined) throw new ConfigError(`S3_BASE_HOSTS must be comma-separated host names, got "${bad}"`);
  return [...new Set(hosts)];
}

function parseUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** Checks SMTP_URL without echoing it: it usually carries a password. */
function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be an absolute URL such as smtp://user:pass@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp: or smtps:, got "${url.protocol}"`);
  }
  if (!url.hostname) throw new ConfigError('SMTP_URL must name a host');
  return raw;
}

export const DEFAULT_MAIL_FROM = 'Workbench portal <no-reply@localhost>';
const MAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

function parseMailFrom(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_MAIL_FROM;
  const named = /^([^<>]*)<([^<>]+)>$/.exec(raw.trim());
  const address = named ? (named[2] ?? '').trim() : raw.trim();
  if (!MAIL_ADDRESS.test(address) || /[\r\n]/.test(raw)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${raw}"`);
  }
  return raw.trim();
}

function parseCount(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  }
  return value;
}

function parseSwitch(name: string, raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Off unless set: believing X-Forwarded-For from anyone would let every client choose its own
 * address and so escape the per-address limits.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 0 && hops <= 32) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a number of hops from 1 to 32, or a comma-separated list of proxy addresses or CIDR ranges, got "${raw}"`,
  );
}

/** Reads and validates the configuration once, failing fast with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort('PORT', env.PORT, 8080);
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const adminUsername = env.ADMIN_USERNAME ?? 'admin';
  if (!/^[A-Za-z0-9_.@-]{1,128}$/.test(adminUsername)) {
    throw new ConfigError('ADMIN_USERNAME may hold letters, digits and _.@- only (1 to 128 characters)');
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters long');
  }
  const databaseUrl = env.DATABASE_URL ? parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : undefined;
  const publicUrl = parseUrl('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${port}`, ['http:', 'https:']);
  return {
    port,
    s3Port: parsePort('S3_PORT', env.S3_PORT, 9000),
    s3BaseHosts: parseBaseHosts(env.S3_BASE_HOSTS, publicUrl),
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminUsername,
    adminPassword,
    logLevel,
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(SERVER_PACKAGE_ROOT, '../web/dist')),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobConcurrency: parseCount('JOB_CONCURRENCY', env.JOB_CONCURRENCY, 64, 256),
    jobMaxFailures: parseCount('JOB_MAX_FAILURES', env.JOB_MAX_FAILURES, 8, 100),
    jobLeaseMs: parseCount('JOB_LEASE_MS', env.JOB_LEASE_MS, 30_000, 3_600_000),
    sendRate: {
      sends: parseCount('MESSAGE_SENDS_PER_MINUTE', env.MESSAGE_SENDS_PER_MINUTE, 120, 1_000_000),
      receivers: parseCount('MESSAGE_RECEIVERS_PER_MINUTE', env.MESSAGE_RECEIVERS_PER_MINUTE, 200_000, 100_000_000),
    },
    idpAllowHttp: parseSwitch('IDP_ALLOW_HTTP', env.IDP_ALLOW_HTTP),
    outboundAllow: parseOutbound(env.OUTBOUND_ALLOW),
    imageWork: {
      bytes: parseCount('IMAGE_MEMORY_MB', env.IMAGE_MEMORY_MB, 512, 1_048_576) * 1024 * 1024,
      maxWaiting: parseCount('IMAGE_QUEUE', env.IMAGE_QUEUE, 16, 10_000),
    },
    storage: parseStorage(env),
  };
}

function parseOutbound(raw: string | undefined): string[] {
  try {
    return parseOutboundAllow(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'filesystem';
  if (driver === 'filesystem') return { driver };
  if (driver !== 's3') throw new ConfigError(`STORAGE_DRIVER must be filesystem or s3, got "${driver}"`);
  const bucket = env.STORAGE_S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`STORAGE_S3_BUCKET must name a bucket (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const prefix = env.STORAGE_S3_PREFIX ?? '';
  const segments = prefix.split('/').slice(0, -1);
  const plainSegment = (segment: string) => /^[A-Za-z0-9_.-]+$/.test(segment) && segment !== '.' && segment !== '..';
  if (prefix !== '' && (!prefix.endsWith('/') || !segments.every(plainSegment))) {
    throw new ConfigError(`STORAGE_S3_PREFIX must be path segments ending in "/", got "${prefix}"`);
  }
  const { STORAGE_S3_ACCESS_KEY_ID: accessKeyId, STORAGE_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY go together');
  }
  return {
    driver,
    bucket,
    prefix,
    region: env.STORAGE_S3_REGION || 'us-east-1',
    endpoint: env.STORAGE_S3_ENDPOINT ? parseUrl('STORAGE_S3_ENDPOINT', env.STORAGE_S3_ENDPOINT, ['http:', 'https:']) : undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
