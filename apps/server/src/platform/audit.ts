import type { FastifyRequest } from 'fastify';
// FastifyRequest.principal is declared by the access plugin.
import type {} from './access.ts';
import type { Db } from './db/client.ts';
import { auditLogs } from './db/tables.ts';

/** Who made a change and from where, taken from the request once. */
export interface AuditActor {
  actorId: string | null;
  ip: string;
  requestId: string;
}

export const auditActorOf = (request: FastifyRequest): AuditActor => ({
  actorId: request.principal?.userId ?? null,
  ip: request.ip,
  requestId: String(request.id),
});

export interface AuditChange {
  /** `<resource>.<verb>`, e.g. `users.update`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Secrets never reach the audit log, whatever the caller passes. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'password_hash', 'secret', 'secretHash', 'token', 'tokenHash']);
const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
/**
 * Under a secret's name, a switch (`signInOptions.password: true`) or a group of settings (the
 * password policy) is no secret: the switch is kept and the group walked, its own secrets redacted.
 */
const holdsSecret = (key: string, value: unknown) => SECRET_KEYS.has(key) && typeof value !== 'boolean' && !isPlainObject(value);
const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, holdsSecret(key, inner) ? '[redacted]' : redact(inner)]));
  }
  return value;
};

/**
 * Records a change in the same transaction as the change itself, so the log never claims a change
 * that was rolled back, nor misses one that was made. The actor's username is filled in as the row
 * is written (a trigger of the permission module's, drizzle/0011_audit_actor_name.sql).
 */
export async function recordAudit(tx: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await tx.insert(auditLogs).values({
    actorId: actor.actorId,
    ip: actor.ip,
    requestId: actor.requestId,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId ?? null,
    before: change.before === undefined ? null : redact(change.before),
    after: change.after === undefined ? null : redact(change.after),
  });
}
