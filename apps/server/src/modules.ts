import type { ModuleDefinition } from './platform/module.ts';
import { messageEngineModule } from './modules/message-engine/index.ts';
import { ossModule } from './modules/oss/index.ts';
import { permissionModule } from './modules/permission/index.ts';
import { receptionCenterModule } from './modules/reception-center/index.ts';
import { systemConfigModule } from './modules/system-config/index.ts';

/**
 * Every module of the server, in creation order: a module reads at creation time only the apis of
 * modules above it (later ones at request time). The server, start-up seeding, the migrations' schema
 * and the permission catalogue are assembled from this list: adding a module is its folder and a line here.
 */
export const MODULES = [permissionModule, receptionCenterModule, systemConfigModule, messageEngineModule, ossModule] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the api is read; a module's uses differ
type ApiOf<M> = M extends ModuleDefinition<string, infer Api, any> ? Api : never;

/** Each module's api under its name, as the modules hand them to one another. */
export type ModuleApis = { [M in (typeof MODULES)[number] as M['name']]: ApiOf<M> };
