import { relationEndpoints as rels } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { groups } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { findConsoleRole } from '../roles/rows.ts';
import { listMembers } from '../users/admin/list.ts';
import { groupsOfRole, groupsOfUser, rolesOfGroup, rolesOfUser } from './queries.ts';
import { changeRelation, RELATIONS } from './service.ts';

type RelationName = keyof typeof RELATIONS & keyof typeof rels;

/** Who is in which group, who holds which role directly, which groups hold which role: both directions. */
export async function relationRoutes(app: FastifyInstance, ps: PermissionService) {
  /** POST and DELETE of a relation: the body holds the single id under `own.field`, the list under `others.field`. */
  function changesOf(name: RelationName) {
    const relation = RELATIONS[name];
    const idsOf = (input: unknown): [string, string[]] => {
      const fields = input as Record<string, string | string[]>;
      return [fields[relation.own.field] as string, fields[relation.others.field] as string[]];
    };
    return [
      route(rels[name].add, (request) => changeRelation(ps, auditActorOf(request), relation, 'add', ...idsOf(request.body))),
      route(rels[name].remove, (request) => changeRelation(ps, auditActorOf(request), relation, 'remove', ...idsOf(request.body))),
    ];
  }

  registerRoutes(app, [
    route(rels.groupUsers.list, async ({ query }) => {
      await findOr404(ps.db, groups, query.groupId, 'The group');
      return listMembers(ps.db, query, { groupId: query.groupId });
    }),
    route(rels.groupUsers.reverse, ({ query }) => groupsOfUser(ps.db, query.userId)),
    ...changesOf('groupUsers'),
    route(rels.roleUsers.list, async ({ query }) => {
      await findConsoleRole(ps.db, query.roleId);
      return listMembers(ps.db, query, { roleId: query.roleId });
    }),
    route(rels.roleUsers.reverse, ({ query }) => rolesOfUser(ps.db, query.userId)),
    ...changesOf('roleUsers'),
    route(rels.roleGroups.list, ({ query }) => groupsOfRole(ps.db, query.roleId)),
    route(rels.roleGroups.reverse, ({ query }) => rolesOfGroup(ps.db, query.groupId)),
    ...changesOf('roleGroups'),
  ]);
}
