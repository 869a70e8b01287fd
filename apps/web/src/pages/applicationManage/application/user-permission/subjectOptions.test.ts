import type { AuthorizationSubject } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { groupSubjectOptions, parseSubjectKey, subjectKey, subjectLabel } from './subjectOptions.ts';

const U1 = '00000000-0000-4000-8000-000000000001';
const G1 = '00000000-0000-4000-8000-000000000002';
const O1 = '00000000-0000-4000-8000-000000000003';
const U2 = '00000000-0000-4000-8000-000000000004';

const subjects: AuthorizationSubject[] = [
  { subjectType: 'org', subjectId: O1, name: 'Finance', label: 'FIN' },
  { subjectType: 'user', subjectId: U1, name: 'ann', label: 'Ann Lee' },
  { subjectType: 'group', subjectId: G1, name: 'Auditors', label: null },
  { subjectType: 'user', subjectId: U2, name: 'bob', label: 'bob' },
];

describe('subject options', () => {
  it('groups users, groups and organisations in that order, keeping the order within a group', () => {
    const groups = groupSubjectOptions(subjects, (type) => type.toUpperCase());
    expect(groups.map((group) => group.label)).toEqual(['USER', 'GROUP', 'ORG']);
    expect(groups[0]?.options).toEqual([
      { value: `user:${U1}`, label: 'ann (Ann Lee)' },
      { value: `user:${U2}`, label: 'bob' },
    ]);
    expect(groups[2]?.options).toEqual([{ value: `org:${O1}`, label: 'Finance (FIN)' }]);
  });

  it('leaves empty groups out', () => {
    expect(groupSubjectOptions(subjects.slice(2, 3), (type) => type).map((group) => group.label)).toEqual(['group']);
    expect(groupSubjectOptions([], (type) => type)).toEqual([]);
  });

  it('parses the keys it makes, and nothing else', () => {
    const key = subjectKey({ subjectType: 'group', subjectId: G1 });
    expect(parseSubjectKey(key)).toEqual({ subjectType: 'group', subjectId: G1 });
    expect(parseSubjectKey(`role:${G1}`)).toBeUndefined();
    expect(parseSubjectKey('user:')).toBeUndefined();
    expect(parseSubjectKey(G1)).toBeUndefined();
  });

  it('labels a subject by its name, with its label when it says more', () => {
    expect(subjectLabel({ name: 'ann', label: null })).toBe('ann');
    expect(subjectLabel({ name: 'ann', label: 'ann' })).toBe('ann');
    expect(subjectLabel({ name: 'ann', label: 'Ann Lee' })).toBe('ann (Ann Lee)');
  });
});
