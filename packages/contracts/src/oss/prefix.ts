/** Where the oss module's REST endpoints live (spec §7 "OSS engine"); its S3 API has a listener of its own. */
export const OSS_PREFIX = '/api/oss';
