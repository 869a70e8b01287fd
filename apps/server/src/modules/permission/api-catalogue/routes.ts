import { apiCatalogueEndpoints as apis } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { createApiCatalogue } from './service.ts';
import { catalogueSources } from './sources.ts';

/** The API catalogue: every API the platform (and, through further sources, its applications) exposes. */
export async function apiCatalogueRoutes(app: FastifyInstance, { db }: PermissionService) {
  const catalogue = createApiCatalogue(db, catalogueSources());
  registerRoutes(app, [
    route(apis.list, (request) => catalogue.page(request.query)),
    route(apis.facets, () => catalogue.facets()),
    route(apis.get, (request) => catalogue.detail(request.params.apiId)),
  ]);
}
