import { describe, expect, it } from 'vitest';
import { newInstant, registerApplication, registrySnapshot } from '../../../../test/factories/applications.ts';
import { apiAs, auditOf, makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

/**
 * Issue 28: a first-party application's web client signs users in without asking their consent, so
 * marking one is trusting it with every user's identity. Only a holder of the applications' `update`
 * point may (PUT /applications/{id}, gated, no owner let through); an owner marking their own
 * application, or creating one marked, would bypass consent.
 */
const { t, api } = useAdminApp();

const editBody = (application: { instant: string; name: string; type: string; appUrl: string | null }, firstParty: boolean) => ({
  instant: application.instant,
  name: application.name,
  type: application.type,
  appUrl: application.appUrl,
  firstParty,
});

describe('marking an application first-party', () => {
  it('is an edit by a holder of the update point, audited; an application starts third-party', async () => {
    const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://crm.example.com/' });
    expect(application.firstParty).toBe(false);
    const editor = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:application:update'] })).id] });
    const editorApi = apiAs(t, await tokenOf(t, editor));
    const marked = await editorApi.put(`/applications/${application.id}`, editBody(application, true));
    expect(marked.statusCode).toBe(200);
    expect(marked.json().firstParty).toBe(true);
    const [entry] = await auditOf(t, 'applications.update', application.id);
    expect(entry).toMatchObject({ before: { firstParty: false }, after: { firstParty: true } });
    // An edit that leaves the flag out keeps it.
    const { firstParty: _kept, ...withoutFlag } = editBody(application, false);
    expect((await editorApi.put(`/applications/${application.id}`, { ...withoutFlag, name: 'CRM 2' })).json().firstParty).toBe(true);
    expect((await editorApi.put(`/applications/${application.id}`, editBody(application, false))).json().firstParty).toBe(false);
  });

  it("is refused to the application's owner, who holds no point, and nothing changes", async () => {
    const owner = await makeUser(t);
    const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://owner.example/' });
    expect((await api.patch(`/applications/${application.id}/owner`, { ownerId: owner.id })).statusCode).toBe(200);
    const ownerApi = apiAs(t, await tokenOf(t, owner));
    // The owner reads their application, but may not edit it, let alone mark it.
    expect((await ownerApi.get(`/applications/${application.id}`)).statusCode).toBe(200);
    const before = await registrySnapshot(t);
    const refused = await ownerApi.put(`/applications/${application.id}`, editBody(application, true));
    expect(refused.statusCode).toBe(403);
    expect(await registrySnapshot(t)).toBe(before);
    expect((await api.get(`/applications/${application.id}`)).json().firstParty).toBe(false);
  });

  it('cannot be set by creating an application: a holder of the create point alone gets a third-party one', async () => {
    const creator = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:application:create'] })).id] });
    const creatorApi = apiAs(t, await tokenOf(t, creator));
    const created = await creatorApi.post('/v4/applications', {
      instant: newInstant('mine'),
      name: 'Mine',
      type: 'WebThird',
      appUrl: 'https://owner.example/',
      firstParty: true,
    });
    // The creation's schema has no such field: an unknown field is let through and not taken.
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ ownerId: creator.id, firstParty: false });
    // Owning it now, the creator still cannot mark it.
    const before = await registrySnapshot(t);
    const marked = await creatorApi.put(`/applications/${created.json().id}`, editBody(created.json(), true));
    expect(marked.statusCode).toBe(403);
    expect(await registrySnapshot(t)).toBe(before);
  });
});
