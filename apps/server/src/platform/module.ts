import type { MenuSeedNode } from '@portal/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events.ts';
import type { JobRunner } from './jobs/index.ts';
import type { Mailer } from './mailer.ts';
import type { Outbound } from './outbound/guard.ts';
import type { ObjectStorage } from './storage/storage.ts';

/** What the platform hands every module: configuration, the database, the event bus, the mailer, the jobs, the logger. */
export interface PlatformDeps {
  config: Config;
  database: Database;
  db: Db;
  events: EventBus;
  /** Unset when no SMTP server is configured: mail-only features answer NOT_CONFIGURED. */
  mailer: Mailer | undefined;
  /** Where a module registers the handlers of its kinds of job (it enqueues with platform/jobs' `enqueue`). */
  jobs: Pick<JobRunner, 'register'>;
  /** The server's logger, for what a module does outside a request (timers, background work). */
  log: FastifyBaseLogger;
  /** Where object bytes live (the driver the configuration names); each module keeps to its own key prefix. */
  storage: ObjectStorage;
  /** The one way to reach an address a person configured (platform/outbound): checked against OUTBOUND_ALLOW. */
  outbound: Outbound;
}

/**
 * A module's dependencies: the platform's, plus the public `api` of the other modules it uses.
 * `modules` resolves an api when it is read: a module may keep it and call it once every module is
 * created (routes, request time), and reads at creation time only the modules listed before it.
 */
export interface ModuleDeps<Uses> extends PlatformDeps {
  modules: Uses;
}

/** A running module: its public face for the other modules, its routes, and how to stop it. */
export interface ModuleInstance<Api> {
  api: Api;
  /** Registers its routes; called in a scope under the module's prefix, after every module is created. */
  routes(app: FastifyInstance): Promise<void>;
  /**
   * Starts what the module serves besides its routes (a listener of its own, e.g. oss's S3 API) once
   * the server is ready; `close` stops it.
   */
  start?(): Promise<void>;
  close?(): Promise<void> | void;
}

/** What start-up seeding is given, after the migrations have run. */
export interface SeedDeps {
  db: Db;
  config: Config;
  /** The whole permission catalogue (every module's part), for the module that keeps the menu tree. */
  catalogue: MenuSeedNode[];
}

export interface ModuleDefinition<Name extends string, Api, Uses> {
  /** The key other modules read its api under. */
  name: Name;
  /** Where its endpoints live, e.g. `/api/permission`. */
  prefix: string;
  /** Its Drizzle tables (its own; it writes no other module's). The migrations' schema is every module's. */
  tables: Record<string, unknown>;
  /** Its part of the permission catalogue: root menu nodes, in the order the menu shows them. */
  catalogue?: MenuSeedNode[];
  /** Brings its data up to date at start-up (idempotent); may answer something for the start-up log. */
  seed?(deps: SeedDeps): Promise<SeedReport | void>;
  create(deps: ModuleDeps<Uses>): Promise<ModuleInstance<Api>>;
}

/** What a seed tells the start-up: the administrator's generated password, on the first start only. */
export interface SeedReport {
  generatedAdminPassword?: string;
}

/** Declares a module (ARCHITECTURE.md "Modules"). */
export const defineModule = <const Name extends string, Api, Uses = object>(definition: ModuleDefinition<Name, Api, Uses>) => definition;

// Erased to a common shape for the one list the server assembles itself from.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's api and uses differ; the list holds them all
export type AnyModule = ModuleDefinition<string, any, any>;
