/** Root of the classifications' query keys: a change reloads every list under it. */
export const CLASSIFICATIONS_KEY = ['messageCenter', 'classifications'] as const;
