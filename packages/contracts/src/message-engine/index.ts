/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { channelEndpoints } from './channels.ts';
import { classificationEndpoints } from './classifications.ts';
import { insideMessageEndpoints } from './inside-messages.ts';
import { messageEndpoints } from './messages.ts';
import { notifyEndpoints } from './notify.ts';
import { preferenceEndpoints } from './preferences.ts';
import { templateEndpoints } from './templates.ts';

export * from './prefix.ts';
export * from './channels.ts';
export * from './inside-messages.ts';
export * from './message-schemas.ts';
export * from './messages.ts';
export * from './notify.ts';
export * from './classifications.ts';
export * from './preferences.ts';
export * from './templates.ts';

export const MESSAGE_ENGINE_ENDPOINTS: Endpoint[] = endpointsIn({
  insideMessageEndpoints,
  notifyEndpoints,
  messageEndpoints,
  classificationEndpoints,
  preferenceEndpoints,
  channelEndpoints,
  templateEndpoints,
});
