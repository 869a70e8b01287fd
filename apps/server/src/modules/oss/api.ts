/**
 * What oss offers the other modules: nothing yet. (The S3 API lives inside this module and uses its
 * services directly.)
 */
export type OssApi = Record<never, never>;
