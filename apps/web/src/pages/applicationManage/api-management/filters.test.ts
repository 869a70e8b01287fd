import { describe, expect, it } from 'vitest';
import { moduleChoices } from './filters.ts';

const headings = { platform: 'Platform modules', applications: 'Applications' };

describe('the module filter', () => {
  it("groups the platform's modules and the applications, named, by their instant", () => {
    const facets = { modules: ['crm', 'oss', 'permission'], tags: [], applications: [{ module: 'crm', name: 'CRM' }] };
    expect(moduleChoices(facets, headings)).toEqual([
      {
        label: 'Platform modules',
        options: [
          { value: 'oss', label: 'oss' },
          { value: 'permission', label: 'permission' },
        ],
      },
      { label: 'Applications', options: [{ value: 'crm', label: 'CRM (crm)' }] },
    ]);
  });

  it('leaves out an empty group, and offers nothing before the facets arrive', () => {
    expect(moduleChoices({ modules: ['oss'], tags: [], applications: [] }, headings)).toEqual([
      { label: 'Platform modules', options: [{ value: 'oss', label: 'oss' }] },
    ]);
    expect(moduleChoices(undefined, headings)).toEqual([]);
  });
});
