import type { SelfProfile, SelfProfileInput } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { organizations, users } from '../../tables.ts';
import { badRequest, notFound } from '../../../../platform/errors.ts';
import { toMember } from '../directory.ts';
import { changeAs } from '../../access/containment/change.ts';

export async function getSelfProfile(db: Db, userId: string): Promise<SelfProfile> {
  const [row] = await db
    .select({ user: users, orgName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('The user');
  const { user, orgName } = row;
  return {
    ...toMember(user),
    description: user.description,
    signature: user.signature,
    orgId: user.orgId,
    orgName,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Images are far too big for the audit log: it records what kind of value was set, and its size. */
export function describeImage(value: string | null | undefined): string | null {
  if (!value) return null;
  const data = /^data:([^;,]+);base64,(.*)$/.exec(value);
  return data ? `${data[1]} image, ${Buffer.byteLength(data[2] ?? '', 'base64')} bytes` : value;
}

export async function updateSelfProfile(db: Db, actor: AuditActor, userId: string, input: SelfProfileInput): Promise<void> {
  assertImageDataUrl(input.avatar, 'avatar');
  await changeAs(db, { actorId: userId }, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!before) throw notFound('The user');
    const next = {
      name: input.name.trim(),
      avatar: input.avatar === undefined ? before.avatar : input.avatar,
      description: input.description === undefined ? before.description : input.description,
    };
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: 'users.self.update',
      targetType: 'user',
      targetId: userId,
      before: { name: before.name, avatar: describeImage(before.avatar), description: before.description },
      after: { ...next, avatar: describeImage(next.avatar) },
    });
  });
}

/** The first bytes of each image type an avatar or signature may be. */
const MAGIC: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A data: URL must hold an image of the type it claims: the browser is told to render it as one. */
function assertImageDataUrl(value: string | null | undefined, field: string): void {
  const data = value ? /^data:([^;,]+);base64,(.*)$/.exec(value) : null;
  if (!data) return;
  const matches = MAGIC[data[1] ?? ''];
  if (!matches || !matches(Buffer.from(data[2] ?? '', 'base64'))) {
    throw badRequest(`The ${field} is not a valid ${data[1]} image`, { field });
  }
}

/** Stores the handwritten signature (a PNG data: URL, checked to really be one). */
export async function setSignature(db: Db, actor: AuditActor, userId: string, dataUrl: string): Promise<void> {
  assertImageDataUrl(dataUrl, 'signature');
  await changeAs(db, { actorId: userId }, async (tx) => {
    const [before] = await tx.select({ signature: users.signature }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound('The user');
    await tx.update(users).set({ signature: dataUrl, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: 'users.signature.update',
      targetType: 'user',
      targetId: userId,
      before: { signature: describeImage(before.signature) },
      after: { signature: describeImage(dataUrl) },
    });
  });
}
