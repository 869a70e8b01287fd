/** Where the permission module's endpoints live (spec §7). */
export const PERMISSION_PREFIX = '/api/permission';
