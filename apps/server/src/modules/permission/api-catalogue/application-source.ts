import type { ApiEntry, ApiParameter } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { applicationsCalling } from '../applications/apis/authorizations.ts';
import { applicationApis, applications } from '../tables.ts';
import { applicationApiId, type ApiDetailPart, type CatalogueApi, type CatalogueSource } from './catalogue-api.ts';

const PARAMETER_PLACES = new Set<string>(['path', 'query', 'header', 'cookie']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An API's stored OpenAPI parameters as the catalogue shows them. A reference (`$ref`) or anything
 * without a name and a place is left out: the document's components are not kept to resolve it.
 */
export function parametersOf(stored: readonly object[]): ApiParameter[] {
  return stored.flatMap((parameter): ApiParameter[] => {
    const { name, in: place, required, description, schema } = parameter as Record<string, unknown>;
    if (typeof name !== 'string' || typeof place !== 'string' || !PARAMETER_PLACES.has(place)) return [];
    return [
      {
        in: place as ApiParameter['in'],
        name,
        // A path parameter is always required, as OpenAPI says.
        required: place === 'path' || required === true,
        description: typeof description === 'string' ? description : null,
        schema: schema ?? null,
      },
    ];
  });
}

/** The stored OpenAPI responses by status ('200', '4XX', 'default'), each response object as declared. */
export function responsesOf(stored: Record<string, unknown>) {
  return Object.entries(stored)
    .filter(([, response]) => isRecord(response))
    .map(([status, response]) => ({ status: /^\d{3}$/.test(status) ? Number(status) : status, schema: response }))
    .sort((a, b) => String(a.status).localeCompare(String(b.status)));
}

const isJson = (mediaType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType);

/**
 * A stored OpenAPI request body as the detail shows a call's body: the schema of its JSON media type
 * (application/json, or any +json), and the other media types it takes (a form, an upload).
 */
export function requestBodyOf(stored: Record<string, unknown> | null): { body: unknown; consumes: string[] } {
  const content = isRecord(stored?.content) ? stored.content : {};
  const types = Object.keys(content);
  const json = types.find(isJson);
  const declared = json === undefined ? undefined : content[json];
  return { body: isRecord(declared) ? (declared.schema ?? null) : null, consumes: types.filter((type) => !isJson(type)) };
}

/** The parts of an API the list needs, for every application at once (its parameters and responses are read only for a detail). */
const listed = (db: Db) =>
  db
    .select({
      rowId: applicationApis.id,
      applicationId: applicationApis.applicationId,
      instant: applications.instant,
      applicationName: applications.name,
      applicationState: applications.state,
      method: applicationApis.method,
      path: applicationApis.path,
      summary: applicationApis.summary,
      tags: applicationApis.tags,
    })
    .from(applicationApis)
    .innerJoin(applications, eq(applications.id, applicationApis.applicationId))
    .orderBy(asc(applications.instant), asc(applicationApis.path), asc(applicationApis.method));

type ListedRow = Awaited<ReturnType<typeof listed>>[number];

async function detailOf(db: Db, rowId: string): Promise<ApiDetailPart> {
  const [row] = await db
    .select({
      description: applicationApis.description,
      parameters: applicationApis.parameters,
      requestBody: applicationApis.requestBody,
      responses: applicationApis.responses,
    })
    .from(applicationApis)
    .where(eq(applicationApis.id, rowId));
  // Removed between the list and this read.
  if (!row) throw notFound('The API');
  return {
    description: row.description,
    parameters: parametersOf(row.parameters),
    ...requestBodyOf(row.requestBody),
    responses: responsesOf(row.responses),
    callers: 'applications',
    roles: [],
    points: [],
    applications: await applicationsCalling(db, rowId),
  };
}

const applicationApi = (row: ListedRow): CatalogueApi => ({
  entry: {
    id: applicationApiId(row.applicationId, row.rowId),
    source: 'application',
    module: row.instant,
    applicationId: row.applicationId,
    applicationName: row.applicationName,
    applicationState: row.applicationState,
    method: row.method as ApiEntry['method'],
    path: row.path,
    summary: row.summary ?? '',
    tags: row.tags,
    access: 'applications',
  },
  detail: (db) => detailOf(db, row.rowId),
});

/**
 * The external APIs applications publish (declared, or imported from their OpenAPI documents), of
 * every application, enabled or disabled (marked by `applicationState`: the applications authorised
 * to call a disabled one's APIs still may; only a disabled caller calls nothing), read in one query
 * per request.
 */
export function applicationSource(): CatalogueSource {
  return { name: 'application', apis: async (db) => (await listed(db)).map(applicationApi) };
}
