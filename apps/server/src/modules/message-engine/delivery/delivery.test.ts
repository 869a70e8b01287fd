import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantOrgRole, makeGroup, makeOrg, makePosition, makeRole, makeUser } from '../../../../test/factories/identity.ts';
import { messageCounts, recipientsOf, send } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { insideMessages } from '../tables.ts';
import { userRoles, userSecondaryOrgs, users } from '../../../../test/tables.ts';
import { INSIDE_MESSAGE_TOPIC } from '../context.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const { t } = appPerFile(async () => undefined);
const idsOf = (...people: { id: string }[]) => people.map((person) => person.id).sort();

describe('sendInsideMessage', () => {
  it('reaches the named users and the members of groups, each once, and stores the message as given', async () => {
    const [alice, bob, carol] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const group = await makeGroup(t, { userIds: [bob.id, carol.id] });
    const dormant = await makeGroup(t, { userIds: [alice.id], actived: false });
    const notice = [
      { data: 'OS_APP_TYPE' as const, value: 'MicroWeb' },
      { data: 'OS_APP_ID' as const, value: 'app-1' },
    ];
    const sent = await send(t, { userIds: [alice.id, bob.id, alice.id], groupIds: [group.id, dormant.id] }, { source: 'approver', notice });
    expect(sent.recipients).toBe(3);
    expect(await recipientsOf(t, sent.id)).toEqual(idsOf(alice, bob, carol));
    const [stored] = await t.database.db.select().from(insideMessages).where(eq(insideMessages.id, sent.id));
    expect(stored).toMatchObject({ title: sent.title, source: 'approver', notice, senderId: null });
  });

  it('reaches the holders of a role through every route a role is held by', async () => {
    const role = await makeRole(t);
    const other = await makeRole(t);
    const direct = await makeUser(t, { roleIds: [role.id] });
    const viaGroup = await makeUser(t);
    await makeGroup(t, { roleIds: [role.id], userIds: [viaGroup.id] });
    const viaDisabledGroup = await makeUser(t);
    await makeGroup(t, { roleIds: [role.id], userIds: [viaDisabledGroup.id], actived: false });
    const division = await makeOrg(t);
    const team = await makeOrg(t, { parent: division });
    await grantOrgRole(t, division.id, role.id);
    const viaOrgBelow = await makeUser(t, { orgId: team.id });
    const viaPosition = await makeUser(t);
    await makePosition(t, { roleIds: [role.id], userIds: [viaPosition.id] });
    const otherRoleOnly = await makeUser(t, { roleIds: [other.id] });

    const sent = await send(t, { roleIds: [role.id] });
    expect(await recipientsOf(t, sent.id)).toEqual(idsOf(direct, viaGroup, viaOrgBelow, viaPosition));
    expect(await recipientsOf(t, sent.id)).not.toContain(viaDisabledGroup.id);
    expect(await recipientsOf(t, sent.id)).not.toContain(otherRoleOnly.id);
  });

  it('reaches the members of an organisation and of its whole subtree, secondary departments included', async () => {
    const root = await makeOrg(t);
    const division = await makeOrg(t, { parent: root });
    const team = await makeOrg(t, { parent: division });
    const sibling = await makeOrg(t, { parent: root });
    const inDivision = await makeUser(t, { orgId: division.id });
    const inTeam = await makeUser(t, { orgId: team.id });
    const seconded = await makeUser(t, { orgId: sibling.id });
    await asSystem(t.database.db, (db) => db.insert(userSecondaryOrgs).values({ userId: seconded.id, orgId: team.id }));
    await makeUser(t, { orgId: root.id });
    await makeUser(t, { orgId: sibling.id });

    const sent = await send(t, { orgIds: [division.id] });
    expect(await recipientsOf(t, sent.id)).toEqual(idsOf(inDivision, inTeam, seconded));
  });

  it('delivers to active users only, and to someone reached several ways once', async () => {
    const role = await makeRole(t);
    const org = await makeOrg(t);
    const everywhere = await makeUser(t, { roleIds: [role.id], orgId: org.id });
    const group = await makeGroup(t, { userIds: [everywhere.id] });
    const disabled = await makeUser(t, { roleIds: [role.id], orgId: org.id });
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: false }).where(eq(users.id, disabled.id)));

    const sent = await send(t, { userIds: [everywhere.id, disabled.id], groupIds: [group.id], roleIds: [role.id], orgIds: [org.id] });
    expect(sent.recipients).toBe(1);
    expect(await recipientsOf(t, sent.id)).toEqual([everywhere.id]);
  });

  it('announces the message on the event bus with its id only, after storing it', async () => {
    const user = await makeUser(t);
    const payloads: string[] = [];
    const unsubscribe = t.events.subscribe(INSIDE_MESSAGE_TOPIC, (payload) => payloads.push(payload));
    try {
      const sent = await send(t, { userIds: [user.id] }, { content: 'x'.repeat(10_000) });
      await expect.poll(() => payloads).toEqual([JSON.stringify({ messageId: sent.id })]);
    } finally {
      unsubscribe();
    }
  });

  it('stores a message that reached nobody (an empty group) without announcing it', async () => {
    const empty = await makeGroup(t);
    const payloads: string[] = [];
    const unsubscribe = t.events.subscribe(INSIDE_MESSAGE_TOPIC, (payload) => payloads.push(payload));
    try {
      const sent = await send(t, { groupIds: [empty.id] });
      expect(sent.recipients).toBe(0);
      expect(payloads).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it('refuses unknown recipients and an empty audience with 400, storing nothing', async () => {
    const user = await makeUser(t);
    const before = await messageCounts(t);
    const missingGroup = randomUUID();
    const missingRole = randomUUID();
    await expect(send(t, { userIds: [user.id], groupIds: [missingGroup], roleIds: [missingRole] })).rejects.toMatchObject({
      statusCode: 400,
      details: { field: 'to', unknown: { groupIds: [missingGroup], roleIds: [missingRole] } },
    });
    for (const to of [{}, { userIds: [], orgIds: [] }]) await expect(send(t, to)).rejects.toMatchObject({ statusCode: 400 });
    expect(await messageCounts(t)).toEqual(before);
    // A role nobody holds is no error: the message simply reaches no one.
    const lonely = await makeRole(t);
    await asSystem(t.database.db, (db) => db.delete(userRoles).where(eq(userRoles.roleId, lonely.id)));
    expect((await send(t, { roleIds: [lonely.id] })).recipients).toBe(0);
  });
});
