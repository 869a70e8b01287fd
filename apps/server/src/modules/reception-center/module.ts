import { PORTAL_CLIENT_ID } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { MessageEngineApi } from '../message-engine/index.ts';
import type { SystemConfigApi } from '../system-config/index.ts';
import type { ReceptionCenterApi } from './api.ts';
import { PREFIX, type ReceptionCenter } from './context.ts';
import { receptionCenterRoutes } from './routes.ts';
import { createGrants } from './oauth/grants.ts';
import { createIdTokens } from './oauth/id-tokens.ts';
import { createClientRegistry, seedClient } from './oauth/clients.ts';
import { applicationClients } from './oauth/application-clients.ts';
import { createSessions } from './sessions/service.ts';
import { sessionsApiOf } from './sessions/api.ts';
import { createCaptchas } from './sign-in/captcha.ts';
import { createDeviceCookies } from './sign-in/device-cookie.ts';
import { accountLimitsOf, clearFailuresIn, createFailureCounter } from './sign-in/failures.ts';
import { createPasswordCheck, lockedError } from './sign-in/service.ts';
import { createSignInTickets } from './sign-in/tickets.ts';
import { createSmsCodes } from './sign-in/sms-codes.ts';
import { createAccessTokens } from './tokens/access-tokens.ts';
import { createRefreshTokenCodec } from './tokens/refresh-tokens.ts';
import { createSecretBox } from './tokens/secret-box.ts';
import { loadSigningKey } from './tokens/signing-key.ts';
import * as tables from './tables.ts';

/** reception-center: the OAuth 2 / OpenID Connect server, sign-in, captcha, QR sign-in, sessions, member/who. */
export const receptionCenterModule = defineModule<
  'receptionCenter',
  ReceptionCenterApi,
  { permission: PermissionApi; systemConfig: SystemConfigApi; messageEngine: MessageEngineApi }
>({
  name: 'receptionCenter',
  prefix: PREFIX,
  tables,
  // The portal's own OAuth client: its redirect URIs follow PUBLIC_URL.
  async seed({ db, config }) {
    await seedClient(db, {
      id: PORTAL_CLIENT_ID,
      name: 'Workbench portal',
      redirectUris: [`${config.publicUrl}/auth`],
      postLogoutRedirectUris: [`${config.publicUrl}/login`],
    });
  },
  async create({ config, db, events, modules, outbound }) {
    const { permission } = modules;
    const { directory } = permission;
    const issuer = `${config.publicUrl}${PREFIX}`;
    const key = await loadSigningKey(db);
    const clients = createClientRegistry({ db, events, applicationEnabled: permission.applicationEnabled });
    const accessTokens = await createAccessTokens({ db, events, key, issuer, clients });
    const idTokens = createIdTokens({
      key,
      issuer,
      profile: async (userId) => {
        const user = await directory.byId(userId);
        return user ? permission.standardClaims(user) : {};
      },
    });
    const refreshTokens = createRefreshTokenCodec(key.refreshSecret);
    const captchas = createCaptchas(db);
    // Settings are system-config's, created after this module: read at each use, so a change holds at the next request.
    const settings = () => modules.systemConfig.settings;
    const auth = () => settings().auth();
    const failures = createFailureCounter(db, async () => accountLimitsOf(await auth(), await settings().safe()));
    const sessions = createSessions(db, accessTokens, auth);
    const devices = createDeviceCookies(key.signer);
    const context: ReceptionCenter = {
      config,
      db,
      issuer,
      outbound,
      key,
      permission,
      clients,
      systemConfig: () => modules.systemConfig,
      messageEngine: () => modules.messageEngine,
      directory,
      sessions,
      refreshTokens,
      grants: createGrants({ db, accessTokens, idTokens, directory, refreshTokens, sessions, auth }),
      checkPassword: createPasswordCheck({ directory, captchas, failures, devices }),
      captchas,
      failures,
      devices,
      totp: permission.totp,
      tickets: createSignInTickets(db),
      smsCodes: createSmsCodes(db),
      accessTokens,
    };
    const api: ReceptionCenterApi = {
      issuer,
      authenticate: accessTokens.verify,
      revokeFamilies: accessTokens.revokeFamilies,
      accessTokens,
      key,
      secretBox: createSecretBox(key.signer),
      sessions: sessionsApiOf(auth),
      captchas,
      failures,
      clearFailures: clearFailuresIn,
      applicationClients,
      lockedError,
    };
    return {
      api,
      routes: (app) => receptionCenterRoutes(app, context),
      close() {
        accessTokens.close();
        clients.close();
      },
    };
  },
});
