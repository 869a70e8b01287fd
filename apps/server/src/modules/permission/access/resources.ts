/** `a:b` covers `a:b` and `a:b:c`: a grant of a node covers everything under it. */
export const covers = (granted: string, resource: string): boolean => resource === granted || resource.startsWith(`${granted}:`);

/** A node is visible when it is granted, lies under a grant, or lies on the way to one. */
export const isVisible = (resource: string, granted: readonly string[]): boolean =>
  granted.some((g) => covers(g, resource) || covers(resource, g));
