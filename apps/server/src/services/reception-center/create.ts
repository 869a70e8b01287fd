import { DEFAULT_PRODUCT_NAME } from '@portal/contracts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { standardClaims, type UserDirectory } from '../permission/users/directory.ts';
import { createAuthenticators } from '../permission/users/self-service/totp/authenticators.ts';
import { createSecretBox } from '../permission/users/self-service/totp/secret-box.ts';
import { PREFIX, type ReceptionCenter } from './context.ts';
import { createGrants } from './oauth/grants.ts';
import { createIdTokens } from './oauth/id-tokens.ts';
import { createSessions } from './sessions/service.ts';
import { createCaptchas } from './sign-in/captcha.ts';
import { createDeviceCookies } from './sign-in/device-cookie.ts';
import { createFailureCounter } from './sign-in/failures.ts';
import { createPasswordCheck } from './sign-in/service.ts';
import { createSignInTickets } from './sign-in/tickets.ts';
import { createAccessTokens } from './tokens/access-tokens.ts';
import { createRefreshTokenCodec } from './tokens/refresh-tokens.ts';
import { loadSigningKey } from './tokens/signing-key.ts';

/** Wires the reception-center's services once at start-up. */
export async function createReceptionCenter(deps: { config: Config; db: Db; events: EventBus; directory: UserDirectory }) {
  const { config, db, events, directory } = deps;
  const issuer = `${config.publicUrl}${PREFIX}`;
  const key = await loadSigningKey(db);
  const accessTokens = await createAccessTokens({ db, events, key, issuer });
  const idTokens = createIdTokens({
    key,
    issuer,
    profile: async (userId) => {
      const user = await directory.byId(userId);
      return user ? standardClaims(user) : {};
    },
  });
  const refreshTokens = createRefreshTokenCodec(key.refreshSecret);
  const captchas = createCaptchas(db);
  const failures = createFailureCounter(db);
  const devices = createDeviceCookies(key.signer);
  const context: ReceptionCenter = {
    config,
    db,
    issuer,
    key,
    directory,
    sessions: createSessions(db, accessTokens),
    refreshTokens,
    grants: createGrants({ db, accessTokens, idTokens, directory, refreshTokens }),
    checkPassword: createPasswordCheck({ directory, captchas, failures, devices }),
    captchas,
    failures,
    devices,
    totp: createAuthenticators({ db, box: createSecretBox(key.signer), issuer: DEFAULT_PRODUCT_NAME }),
    tickets: createSignInTickets(db),
  };
  return { context, accessTokens, close: accessTokens.close };
}
