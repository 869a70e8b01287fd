import type { Application } from '@portal/contracts';
import type { AdminSession } from './admin-session.ts';
import { baseUrl } from './browser.ts';
import { createMemberWithMenus, type NewMember } from './members.ts';
import { startRelyingParty, type RelyingParty } from './oidc-relying-party.ts';

export interface SsoApplication {
  rp: RelyingParty;
  application: Application;
  clientId: string;
  member: { id: string };
}

/**
 * A third-party web application that signs its users in through the portal: a relying party on
 * loopback, the WebThird application the administrator registers for it (opened at its /start, in a
 * new tab), its confidential web client registered at the relying party, and a member holding a role
 * with no pages. Not first-party: its members are asked for their consent once.
 */
export async function startSsoApplication(
  session: AdminSession,
  input: { instant: string; name: string; member: NewMember; role: { code: string; name: string } },
): Promise<SsoApplication> {
  const rp = await startRelyingParty();
  const application = await session.api<Application>('POST', '/api/permission/v4/applications', {
    instant: input.instant,
    name: input.name,
    type: 'WebThird',
    openType: 'NewTab',
    appUrl: `${rp.url}/start`,
  });
  const registered = await session.api<{ client: { clientId: string }; clientSecret: string }>(
    'POST',
    `/api/permission/v4/applications/${application.id}/clients`,
    { kind: 'web', redirectUris: [`${rp.url}/callback`] },
  );
  await rp.register(`${baseUrl()}/api/reception-center`, registered.client.clientId, registered.clientSecret);
  const member = await createMemberWithMenus(session.api, session.admin.page.request, {
    member: input.member,
    role: input.role,
    menuIds: [],
  });
  return { rp, application, clientId: registered.client.clientId, member };
}
