import {
  applicationAuthorizationEndpoints as authorizations,
  applicationDomEndpoints,
  applicationUserEndpoints,
  type ApplicationAuthorizationQuery,
  type AuthorizationSubjectType,
  type UserImportMode,
} from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import { uploadFile } from '../../../../components/admin/download.ts';
import { APPLICATION_KEY } from '../api.ts';

/** Query-key root of one application's authorisations (list pages and the picker's tree). */
export const authorizationsKey = (applicationId: string) => [...APPLICATION_KEY, 'authorizations', applicationId] as const;

export const fetchAuthorizations = (applicationId: string, query: ApplicationAuthorizationQuery) =>
  call(authorizations.list, { params: { applicationId }, query });

/** Users, groups and organisations whose names contain the keyword (at most 20 of each). */
export const searchSubjects = (applicationId: string, keyword: string) =>
  call(authorizations.subjects, { params: { applicationId }, query: { keyword } });

interface SubjectRef {
  subjectType: AuthorizationSubjectType;
  subjectId: string;
}

/** Replaces the nodes the subject holds; silent, so the dialog shows a refusal (403 names what is missing) itself. */
export const setAuthorization = (applicationId: string, subject: SubjectRef, nodeIds: string[]) =>
  call(authorizations.set, { params: { applicationId, ...subject }, body: { nodeIds } }, { silent: true });

export const removeAuthorization = (applicationId: string, subject: SubjectRef) =>
  call(authorizations.remove, { params: { applicationId, ...subject } });

/** The application's tree below its root: pages and permission points. */
export const fetchDomTree = (applicationId: string) => call(applicationDomEndpoints.tree, { params: { applicationId } });

/** Imports users from an .xlsx and authorises them for the application (all rows or none). */
export const importApplicationUsers = (
  applicationId: string,
  file: File,
  mode: UserImportMode,
  onProgress: (percent: number | undefined) => void,
) => uploadFile(applicationUserEndpoints.import, { params: { id: applicationId }, query: { mode } }, file, onProgress);
