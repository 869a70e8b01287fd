import type { CallInput, Endpoint } from '@portal/contracts';

/**
 * The input of a call on one record (`…/{id}`), with its body when the call takes one. Inside the
 * kit the endpoints are generic, so TypeScript cannot see that they take `{ id }`; the resource
 * kit asks for endpoints declared with `IdParams`, and the pages' declarations are type-checked.
 */
export const recordInput = <E extends Endpoint>(id: string, body?: unknown): CallInput<E> =>
  (body === undefined ? { params: { id } } : { params: { id }, body }) as unknown as CallInput<E>;

/** The input of a call taking only a body (create). */
export const bodyInput = <E extends Endpoint>(body: unknown): CallInput<E> => ({ body }) as unknown as CallInput<E>;

/** The input of a list call: its query. */
export const queryInput = <E extends Endpoint>(query: object): CallInput<E> => ({ query }) as unknown as CallInput<E>;
