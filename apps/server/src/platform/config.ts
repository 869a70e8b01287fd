import { resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
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
}

export class ConfigError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
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

/** Reads and validates the configuration once, failing fast with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT);
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
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: parseUrl('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${port}`, ['http:', 'https:']),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminUsername,
    adminPassword,
    logLevel,
    webDistDir: resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
