import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import type { PermissionService } from '../../context.ts';
import type { Caller, UserAdminDeps } from './context.ts';

/**
 * The use-cases' dependencies: the permission service, plus the access-token revocation of the
 * reception-center (a decorator of the app), so a disabled user's tokens stop working on every instance.
 */
export const adminDepsOf = (ps: PermissionService): UserAdminDeps => ({
  db: ps.db,
  decider: ps.decider,
  directory: ps.directory,
  revokeFamilies: (familyIds) => ps.signIn.revokeFamilies(familyIds),
  sessions: ps.signIn.sessions,
  clearFailures: (tx, username) => ps.signIn.clearFailures(tx, username),
  passwords: ps.passwords,
});

export const callerOf = (request: FastifyRequest): Caller => ({ userId: principalOf(request).userId, actor: auditActorOf(request) });
