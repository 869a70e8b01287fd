/** message-engine's public face: its module definition and the api other modules may use. */
export { messageEngineModule } from './module.ts';
export type { MessageEngineApi } from './api.ts';
export type { InsideMessageInput } from './delivery/deliver.ts';
