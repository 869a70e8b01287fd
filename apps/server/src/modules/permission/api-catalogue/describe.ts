import type { ApiParameter, Endpoint } from '@portal/contracts';
import type { TSchema } from 'typebox';

/** The inputs and answers of a call, as its catalogue detail shows them (JSON schemas from its declaration). */
export interface ApiDescription {
  description: string | null;
  parameters: ApiParameter[];
  body: unknown;
  consumes: string[];
  responses: { status: number; schema: unknown }[];
}

interface ObjectSchema {
  properties?: Record<string, TSchema & { description?: string }>;
  required?: string[];
}

/** A path or query schema's properties as parameters, in declaration order. */
function parametersOf(where: ApiParameter['in'], schema: TSchema | undefined): ApiParameter[] {
  const { properties = {}, required = [] } = (schema ?? {}) as ObjectSchema;
  return Object.entries(properties).map(([name, property]) => ({
    in: where,
    name,
    // A path parameter is always required, whatever its schema says.
    required: where === 'path' || required.includes(name),
    description: property.description ?? null,
    schema: property,
  }));
}

/** What the catalogue shows of a declared endpoint: the same schemas the server validates with. */
export function describeEndpoint(endpoint: Endpoint): ApiDescription {
  const responses = Object.entries(endpoint.responses).map(([status, schema]) => ({ status: Number(status), schema: schema ?? null }));
  if (endpoint.produces && !responses.some((response) => response.status === 200)) {
    responses.unshift({ status: 200, schema: { mediaType: endpoint.produces.mediaType, description: endpoint.produces.description } });
  }
  return {
    description: endpoint.description ?? null,
    parameters: [...parametersOf('path', endpoint.params), ...parametersOf('query', endpoint.query)],
    body: endpoint.body ?? null,
    consumes: [...(endpoint.consumes ?? [])],
    responses: responses.sort((a, b) => a.status - b.status),
  };
}
