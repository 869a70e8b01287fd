import { AUTHORIZATION_SUBJECT_TYPES, type AuthorizationSubject, type AuthorizationSubjectType } from '@portal/contracts';

/** The value of a subject option: its type and id, so one Select can hold users, groups and organisations. */
export const subjectKey = (subject: Pick<AuthorizationSubject, 'subjectType' | 'subjectId'>): string =>
  `${subject.subjectType}:${subject.subjectId}`;

/** The type and id a subject option's value names (undefined for anything else). */
export function parseSubjectKey(key: string): { subjectType: AuthorizationSubjectType; subjectId: string } | undefined {
  const at = key.indexOf(':');
  const subjectType = AUTHORIZATION_SUBJECT_TYPES.find((type) => type === key.slice(0, at));
  return subjectType && at > 0 && key.length > at + 1 ? { subjectType, subjectId: key.slice(at + 1) } : undefined;
}

/** "name (label)", or the name alone. */
export const subjectLabel = (subject: Pick<AuthorizationSubject, 'name' | 'label'>): string =>
  subject.label && subject.label !== subject.name ? `${subject.name} (${subject.label})` : subject.name;

export interface SubjectOptionGroup {
  label: string;
  title: string;
  options: { value: string; label: string }[];
}

/**
 * The picker's options grouped by type (users, groups, organisations, in that order), each group
 * keeping the server's order; empty groups are left out.
 */
export function groupSubjectOptions(
  subjects: readonly AuthorizationSubject[],
  typeLabel: (type: AuthorizationSubjectType) => string,
): SubjectOptionGroup[] {
  return AUTHORIZATION_SUBJECT_TYPES.map((type) => ({
    label: typeLabel(type),
    title: typeLabel(type),
    options: subjects.filter((s) => s.subjectType === type).map((s) => ({ value: subjectKey(s), label: subjectLabel(s) })),
  })).filter((group) => group.options.length > 0);
}
