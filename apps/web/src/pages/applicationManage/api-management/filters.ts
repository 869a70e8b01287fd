import type { ApiCatalogueFacets } from '@portal/contracts';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/** Each value as its own label. */
export const choices = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));

/**
 * The module filter's choices: the platform's modules, then the applications by name (their module is
 * their instant), each group under its heading; an empty group is left out.
 */
export function moduleChoices(facets: ApiCatalogueFacets | undefined, headings: { platform: string; applications: string }) {
  if (!facets) return [];
  const applications = new Set(facets.applications.map((application) => application.module));
  return [
    { label: headings.platform, options: choices(facets.modules.filter((module) => !applications.has(module))) },
    {
      label: headings.applications,
      options: facets.applications.map((application) => ({
        value: application.module,
        label: `${application.name} (${application.module})`,
      })),
    },
  ].filter((group) => group.options.length > 0);
}
