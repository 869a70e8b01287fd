import { Type, type Static } from 'typebox';
import { PageQuery, Nullable, Timestamp } from './paging.ts';

/** Who an application's pages and points are authorised to: a user, a group, or an organisation (and those below it). */
export const AUTHORIZATION_SUBJECT_TYPES = ['user', 'group', 'org'] as const;
export type AuthorizationSubjectType = (typeof AUTHORIZATION_SUBJECT_TYPES)[number];

const SubjectType = Type.Enum(AUTHORIZATION_SUBJECT_TYPES);
const Uuid = Type.String({ format: 'uuid' });

export const AuthorizationSubjectParams = Type.Object({ applicationId: Uuid, subjectType: SubjectType, subjectId: Uuid });
export type AuthorizationSubjectParams = Static<typeof AuthorizationSubjectParams>;

/** A user (name: username, label: their full name), a group or an organisation (name, label: its code). */
export const AuthorizationSubject = Type.Object({
  subjectType: SubjectType,
  subjectId: Uuid,
  name: Type.String(),
  label: Nullable(Type.String()),
});
export type AuthorizationSubject = Static<typeof AuthorizationSubject>;

/** One node of the application's tree an authorisation holds (the root: the whole application). */
export const AuthorizedNode = Type.Object({
  id: Uuid,
  resource: Type.String(),
  title: Type.String(),
  type: Type.String(),
});
export type AuthorizedNode = Static<typeof AuthorizedNode>;

/** What one subject is authorised for in an application: the nodes it holds, and everything below them. */
export const ApplicationAuthorization = Type.Object({
  ...AuthorizationSubject.properties,
  nodes: Type.Array(AuthorizedNode),
  updatedAt: Timestamp,
});
export type ApplicationAuthorization = Static<typeof ApplicationAuthorization>;

/** PUT body: the nodes of the application's tree the subject holds from now on (replacing the previous ones). */
export const ApplicationAuthorizationBody = Type.Object({
  nodeIds: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }),
});
export type ApplicationAuthorizationBody = Static<typeof ApplicationAuthorizationBody>;

export const ApplicationAuthorizationQuery = Type.Object({
  ...PageQuery.properties,
  subjectType: Type.Optional(SubjectType),
});
export type ApplicationAuthorizationQuery = Static<typeof ApplicationAuthorizationQuery>;

/** The subject picker: users, groups and organisations whose names contain the keyword (at most 20 of each type). */
export const AuthorizationSubjectQuery = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: 100 }),
  subjectType: Type.Optional(SubjectType),
});
export type AuthorizationSubjectQuery = Static<typeof AuthorizationSubjectQuery>;
