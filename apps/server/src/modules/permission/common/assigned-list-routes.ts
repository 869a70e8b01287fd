import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { auditActorOf, type AuditActor } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';

type PermissionApp = Parameters<FastifyPluginAsyncTypebox<PermissionService>>[0];

/** A list hanging off one row (a position's users, an organisation's roles): read whole, replaced whole. */
export interface AssignedList<P extends TObject, B extends TObject> {
  url: string;
  tags: string[];
  params: P;
  /** The id of the row the list hangs off. */
  ownerId(params: Static<P>): string;
  /** The schema of one list item (User, Role). */
  item: TSchema;
  read: { summary: string; assertOwner(ownerId: string): Promise<unknown> };
  replace: {
    summary: string;
    body: B;
    errors: (400 | 403 | 404 | 409)[];
    apply(actor: AuditActor, ownerId: string, body: Static<B>): Promise<unknown>;
  };
  list(ownerId: string): Promise<unknown[]>;
}

/** GET `url` answers the list (404 for an unknown owner); PUT `url` replaces it and answers the new list. */
export function assignedListRoutes<P extends TObject, B extends TObject>(app: PermissionApp, spec: AssignedList<P, B>) {
  const { url, tags, params, item, read, replace } = spec;
  // Fastify has validated params and body against the schemas; the provider cannot name their types for generic ones.
  const ownerOf = (input: unknown) => spec.ownerId(input as Static<P>);
  app.get(
    url,
    { config: { access: 'gated' }, schema: { tags, summary: read.summary, params, response: { 200: Type.Array(item), ...errors(404) } } },
    async (request) => {
      const ownerId = ownerOf(request.params);
      await read.assertOwner(ownerId);
      return spec.list(ownerId);
    },
  );
  app.put(
    url,
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: replace.summary,
        params,
        body: replace.body,
        response: { 200: Type.Array(item), ...errors(...replace.errors) },
      },
    },
    async (request) => {
      const ownerId = ownerOf(request.params);
      await replace.apply(auditActorOf(request), ownerId, request.body as Static<B>);
      return spec.list(ownerId);
    },
  );
}
