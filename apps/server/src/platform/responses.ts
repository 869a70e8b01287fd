import { ErrorBody } from '@portal/contracts';

/** Error statuses a route can answer with, each in the one error shape (for the OpenAPI document). */
export const errors = (...statuses: (400 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<400 | 403 | 404 | 409, typeof ErrorBody>;
