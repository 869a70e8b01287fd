import { Health } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The platform's own endpoints, served at the app's root rather than under a module's prefix. */

/** 200 when the server and its database answer, 503 otherwise (for load balancers). */
export const healthEndpoint = endpoint({
  access: 'open',
  tags: ['health'],
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness of the server and its database',
  responses: { 200: Health, 503: Health },
});
