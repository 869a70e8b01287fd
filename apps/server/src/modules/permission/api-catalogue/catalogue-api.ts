import type { ApiDetail, ApiEntry } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';

/** What one API's detail adds to its list entry: its inputs, its answers and who may call it. */
export type ApiDetailPart = Omit<ApiDetail, keyof ApiEntry>;

/** One API as a source gives it: its list entry, and how to read the rest of its detail (asked only for the detail). */
export interface CatalogueApi {
  entry: ApiEntry;
  detail(db: Db): Promise<ApiDetailPart>;
}

/**
 * Where catalogued APIs come from: the platform's own, and the external APIs applications publish.
 * A further kind is another source added to `catalogueSources` (sources.ts), and the list, filters and
 * detail include it with no other change. `apis` is asked on every list request: one query at most.
 */
export interface CatalogueSource {
  name: ApiEntry['source'];
  apis(db: Db): Promise<CatalogueApi[]>;
}

/** A stable opaque id, base64url: the source, the owning application and what names the API within it. */
const opaqueId = (source: ApiEntry['source'], applicationId: string, name: string) =>
  Buffer.from(`${source}|${applicationId}|${name}`).toString('base64url');

/** A platform API's id: its `METHOD path`. */
export const platformApiId = (method: string, path: string) => opaqueId('platform', '', `${method} ${path}`);

/** An application's API's id: its row's, so it stays through edits and re-imports and is short whatever its path. */
export const applicationApiId = (applicationId: string, apiId: string) => opaqueId('application', applicationId, apiId);
