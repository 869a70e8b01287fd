import type { NamedReceiver, Recipients, TemplateReceivers } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { recipientIdsOf } from '../delivery/recipients.ts';
import { messageTemplates } from '../tables.ts';
import { TEMPLATES_CHANGED_TOPIC } from './service.ts';

const THE = 'The message template';

/** The receivers with their names (null for one deleted since). */
async function named(db: Db, people: PermissionApi['people'], receivers: Recipients): Promise<TemplateReceivers> {
  const ids = recipientIdsOf(receivers);
  const names = new Map((await people.namedTargets(db, ids)).map((target) => [`${target.objectType}:${target.objectId}`, target.name]));
  const list = (type: string, chosen: string[]): NamedReceiver[] => chosen.map((id) => ({ id, name: names.get(`${type}:${id}`) ?? null }));
  return {
    users: list('user', ids.userIds),
    groups: list('group', ids.groupIds),
    roles: list('role', ids.roleIds),
    organizations: list('organization', ids.orgIds),
  };
}

export async function templateReceivers(db: Db, people: PermissionApi['people'], id: string): Promise<TemplateReceivers> {
  const template = await findOr404(db, messageTemplates, id, THE);
  return named(db, people, template.receivers);
}

const KIND_NAMES: Record<string, string> = { userIds: 'users', groupIds: 'groups', roleIds: 'roles', orgIds: 'organisations' };

/** permission's 400 for unknown ids, reworded for this call: its message names each of them. */
function unknownReceivers(error: unknown): unknown {
  const unknown = error instanceof AppError ? (error.details?.unknown as Record<string, string[]> | undefined) : undefined;
  if (!unknown) return error;
  const listed = Object.entries(unknown).map(([kind, ids]) => `${KIND_NAMES[kind] ?? kind} ${ids.join(', ')}`);
  return badRequest(`Unknown receivers: ${listed.join('; ')}`, { field: 'receivers', unknown });
}

/** Replaces the default receivers (each id must exist), audited; answers them with names. */
export async function setTemplateReceivers(
  db: Db,
  people: PermissionApi['people'],
  actor: AuditActor,
  id: string,
  receivers: Recipients,
): Promise<TemplateReceivers> {
  const ids = recipientIdsOf(receivers);
  await transaction(db, async (tx) => {
    const before = await findOr404(tx, messageTemplates, id, THE);
    await people.assertExist(tx, ids).catch((error: unknown) => {
      throw unknownReceivers(error);
    });
    await tx.update(messageTemplates).set({ receivers: ids, updatedAt: new Date() }).where(eq(messageTemplates.id, id));
    await recordAudit(tx, actor, {
      action: 'message-templates.receivers.update',
      targetType: 'message-template',
      targetId: id,
      before: { receivers: before.receivers },
      after: { receivers: ids },
    });
    tx.afterCommit(TEMPLATES_CHANGED_TOPIC);
  });
  return named(db, people, ids);
}
