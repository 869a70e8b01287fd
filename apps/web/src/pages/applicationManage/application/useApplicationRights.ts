import type { Application } from '@portal/contracts';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { useAppStore } from '../../../app/store/appStore.ts';

/**
 * What the signed-in user may do on one application's tabs. The server lets an application's owner
 * manage its resources, authorisations and external APIs without any point, and holders of the points do it
 * on every application; importing and exporting its users needs the point in any case.
 */
export function useApplicationRights(application: Pick<Application, 'ownerId'>) {
  const userId = useAppStore((state) => state.userInfo?.id);
  const owner = application.ownerId !== null && application.ownerId === userId;
  const apisQuery = useCan(POINTS.application.apisQuery);
  const apisManage = useCan(POINTS.application.apisManage);
  const apisAuthorize = useCan(POINTS.application.apisAuthorize);
  const authorizations = useCan(POINTS.application.authorizations);
  const users = useCan(POINTS.application.users);
  /** The full applications list (the caller picker of an API authorisation); without it, the caller's own. */
  const listApplications = useCan(POINTS.application.query);
  return {
    owner,
    authorize: owner || authorizations,
    apisRead: owner || apisQuery || apisManage || apisAuthorize,
    apisManage: owner || apisManage,
    apisAuthorize: owner || apisAuthorize,
    users,
    listApplications,
  };
}

export type ApplicationRights = ReturnType<typeof useApplicationRights>;
