/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { insideMessageEndpoints } from './inside-messages.ts';
import { notifyEndpoints } from './notify.ts';
import { templateEndpoints } from './templates.ts';

export * from './prefix.ts';
export * from './inside-messages.ts';
export * from './notify.ts';
export * from './templates.ts';

export const MESSAGE_ENGINE_ENDPOINTS: Endpoint[] = endpointsIn({ insideMessageEndpoints, notifyEndpoints, templateEndpoints });
