import { applicationEndpoints, pageModelEndpoints, type PageModelQuery } from '@portal/contracts';
import { call } from '../../../api/call.ts';

/** Query-key root of every page-model query. */
export const PAGE_MODELS_KEY = ['admin', 'page-models'] as const;

export const fetchPageModels = (query: PageModelQuery) => call(pageModelEndpoints.list, { query });
export const fetchPageModel = (id: string) => call(pageModelEndpoints.get, { params: { id } });
export const fetchPageModelVersion = (id: string, version: number) => call(pageModelEndpoints.version, { params: { id, version } });

/** The applications a page model may belong to (the first hundred by the registry's order). */
export const fetchApplicationChoices = async () =>
  (await call(applicationEndpoints.list, { query: { size: 100 } })).list.map((app) => ({ value: app.id, label: app.name }));
