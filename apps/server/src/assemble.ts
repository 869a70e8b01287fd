import type { FastifyInstance } from 'fastify';
import { MODULES, type ModuleApis } from './modules.ts';
import type { ModuleInstance, PlatformDeps } from './platform/module.ts';

export type { ModuleApis };

/**
 * Creates every module in list order. Each is handed the others' apis through one object whose
 * entries resolve when read: reading a module not yet created is a wiring mistake and stops start-up.
 */
export async function createModules(platform: PlatformDeps) {
  const created: Record<string, unknown> = {};
  const modules = new Proxy(created, {
    get(target, name) {
      if (!(String(name) in target)) throw new Error(`Module ${String(name)} used before it was created: order the list in modules.ts`);
      return target[String(name)];
    },
  }) as ModuleApis;
  const instances: { prefix: string; instance: ModuleInstance<unknown> }[] = [];
  for (const module of MODULES) {
    // The list's modules each declare the apis they use; all of them are in `modules`.
    const instance: ModuleInstance<unknown> = await module.create({ ...platform, modules });
    created[module.name] = instance.api;
    instances.push({ prefix: module.prefix, instance });
  }
  return {
    /** Every api, once all are created (a plain object: Fastify's decorate inspects what it is given). */
    apis: created as unknown as ModuleApis,
    /** Each module's routes in a scope under its prefix, once every module exists. */
    async registerRoutes(app: FastifyInstance) {
      for (const { prefix, instance } of instances) await app.register(async (scope) => instance.routes(scope), { prefix });
    },
    /** Each module's own servers (listeners besides the routes), once the app is ready. */
    async start() {
      for (const { instance } of instances) await instance.start?.();
    },
    async close() {
      for (const { instance } of instances.reverse()) await instance.close?.();
    },
  };
}
