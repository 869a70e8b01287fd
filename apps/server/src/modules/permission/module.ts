import { PERMISSION_CATALOGUE, systemNameOf } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { SystemConfigApi } from '../system-config/index.ts';
import { createPermissionDecider } from './access/decider.ts';
import { changeAs } from './access/containment/change.ts';
import type { PermissionApi } from './api.ts';
import { callableApis } from './applications/apis/authorizations.ts';
import { consentFactsOf } from './applications/consent-facts.ts';
import { syncJob, SYNC_JOB } from './applications/dom/sync/task.ts';
import { createMicroOrigins } from './applications/micro-origins.ts';
import { createEnabledApplications } from './applications/enabled-applications.ts';
import type { PermissionService } from './context.ts';
import { menuIconsInUse } from './menus/icons-in-use.ts';
import { createOrgTreeCache } from './organizations/tree-cache.ts';
import { assertRecipientsExist, groupIdsOf, namedTargets, reachedContacts, reachedUserIds, userNameOf } from './recipients/reached.ts';
import { permissionRoutes } from './routes.ts';
import { seedPermission, syncMenuCatalogue } from './seed.ts';
import { lockUser } from './users/admin/context.ts';
import { createUserDirectory, standardClaims, toMember } from './users/directory.ts';
import { createExternalIdentitiesApi } from './users/external-identities/api.ts';
import { createPasswordPolicy } from './users/passwords/policy.ts';
import { createMfaRequirement } from './users/self-service/totp/requirement.ts';
import { storeNewPassword } from './users/self-service/new-password.ts';
import { createAuthenticators, wrongCode } from './users/self-service/totp/authenticators.ts';
import * as tables from './tables.ts';

/** permission: identity (users, credentials, TOTP), groups, roles, relations, organisations, positions, menus, applications, the API catalogue, page models. */
export const permissionModule = defineModule<
  'permission',
  PermissionApi,
  { receptionCenter: ReceptionCenterApi; systemConfig: SystemConfigApi }
>({
  name: 'permission',
  prefix: '/api/permission',
  tables,
  catalogue: PERMISSION_CATALOGUE,
  async seed({ db, config, catalogue }) {
    await syncMenuCatalogue(db, catalogue);
    const seeded = await seedPermission(db, { username: config.adminUsername, password: config.adminPassword });
    return seeded.seeded && seeded.generatedPassword ? { generatedAdminPassword: seeded.generatedPassword } : undefined;
  },
  async create({ config, db, events, jobs, mailer, modules, outbound }) {
    // TOTP seeds are sealed under the reception-center's key, created after this module: looked up per use.
    const box = {
      seal: (plain: Buffer, boundTo: string) => modules.receptionCenter.secretBox.seal(plain, boundTo),
      open: (text: string, boundTo: string) => modules.receptionCenter.secretBox.open(text, boundTo),
    };
    jobs.register(SYNC_JOB, syncJob(db, outbound));
    const directory = createUserDirectory(db, events);
    const decider = createPermissionDecider(db, events);
    const orgTree = createOrgTreeCache(db, events);
    const microOrigins = createMicroOrigins({ db, events, publicUrl: config.publicUrl });
    const enabledApplications = createEnabledApplications({ db, events });
    // Settings are system-config's, created after this module: read at each use.
    const totp = createAuthenticators({ db, box, issuer: async () => systemNameOf(await modules.systemConfig.settings.base()) });
    const safeSettings = () => modules.systemConfig.settings.safe();
    const passwords = createPasswordPolicy(db, safeSettings);
    const service: PermissionService = {
      db,
      decider,
      directory,
      orgTree,
      totp,
      passwords,
      mailer,
      get signIn() {
        return modules.receptionCenter;
      },
      get settings() {
        return modules.systemConfig;
      },
    };
    const api: PermissionApi = {
      directory,
      isAllowed: decider.isAllowed,
      holdsResource: decider.holdsResource,
      microOrigins,
      totp,
      wrongCode,
      standardClaims,
      toMember,
      passwords,
      mfaRequiredFor: createMfaRequirement(decider, safeSettings),
      async replacePassword(actor, user, password) {
        return changeAs(db, actor, async (tx) => {
          const revoked = await storeNewPassword(service.signIn.sessions, tx, actor, {
            userId: user.id,
            password,
            action: 'users.password.update',
            before: { passwordExpired: user.passwordExpired },
          });
          return revoked.familyIds;
        });
      },
      administerUser: (actorId, userId, change) =>
        changeAs(db, { actorId }, async (tx) => {
          await lockUser(tx, userId);
          return change(tx);
        }),
      people: { assertExist: assertRecipientsExist, reachedUserIds, reachedContacts, namedTargets, userNameOf, groupIdsOf },
      callableApis: (callerApplicationId, ownerApplicationId) => callableApis(db, callerApplicationId, ownerApplicationId),
      applicationEnabled: enabledApplications.isEnabled,
      menuIconsInUse: (names) => menuIconsInUse(db, names),
      consentFacts: (ids) => consentFactsOf(db, ids),
      externalIdentities: createExternalIdentitiesApi(db),
    };
    return {
      api,
      routes: (app) => permissionRoutes(app, service),
      close() {
        directory.close();
        decider.close();
        orgTree.close();
        microOrigins.close();
        enabledApplications.close();
      },
    };
  },
});
