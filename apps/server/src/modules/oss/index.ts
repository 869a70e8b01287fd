/** oss's public face: its module definition and the api other modules may use. */
export { ossModule } from './module.ts';
export type { OssApi } from './api.ts';
