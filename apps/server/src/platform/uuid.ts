const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string (from a client) is a UUID PostgreSQL takes, in either case: safe to compare with a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Whether a string is a UUID as PostgreSQL and we write them (lower case): for ids read back from names we made. */
export const isCanonicalUuid = (value: string): boolean => UUID.test(value) && value === value.toLowerCase();
