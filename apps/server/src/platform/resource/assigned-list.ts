import type { Endpoint, IdParams, ResponseOf } from '@portal/contracts';
import type { Static } from 'typebox';
import { route, type BoundRoute, type EndpointRequest } from '../endpoints.ts';

type OwnedBy = Endpoint & { params: typeof IdParams };

/**
 * A list hanging off one row (a position's users, an organisation's roles): read whole, with a 404
 * for an unknown row, and replaced whole, answering the new list.
 */
export function assignedListRoutes<R extends OwnedBy, W extends OwnedBy>(spec: {
  read: R;
  replace: W;
  /** Throws the 404 of an unknown row. */
  assertOwner(id: string): Promise<unknown>;
  list(id: string): Promise<ResponseOf<R> & ResponseOf<W>>;
  apply(request: EndpointRequest<W>): Promise<unknown>;
}): BoundRoute[] {
  const idOf = (request: { params: Static<typeof IdParams> }) => request.params.id;
  return [
    route(spec.read, async (request) => {
      await spec.assertOwner(idOf(request));
      return spec.list(idOf(request));
    }),
    route(spec.replace, async (request) => {
      await spec.apply(request);
      return spec.list(idOf(request));
    }),
  ];
}
