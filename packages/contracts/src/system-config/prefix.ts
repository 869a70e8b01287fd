/** Where the system-config module's endpoints live (spec §7). */
export const SYSTEM_CONFIG_PREFIX = '/api/system-config';
