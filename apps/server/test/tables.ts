/**
 * Every module's tables, for tests that arrange or inspect the database directly. The test harness
 * assembles the whole server, so it sees all of it; a module's own code sees only other modules' apis.
 */
export * from '../src/platform/db/tables.ts';
export * from '../src/modules/permission/tables.ts';
export * from '../src/modules/reception-center/tables.ts';
export * from '../src/modules/system-config/tables.ts';
export * from '../src/modules/message-engine/tables.ts';
export * from '../src/modules/oss/tables.ts';
export { DEFAULT_ACCOUNT_LIMITS, SIGN_IN_LIMITS } from '../src/modules/reception-center/sign-in/failures.ts';
