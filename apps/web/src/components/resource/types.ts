import type { BodyOf, Endpoint, IdParams, MenuNode, QueryOf, ResponseOf } from '@portal/contracts';
import type { QueryKey } from '@tanstack/react-query';
import type { DescriptionsProps } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { ReactElement, ReactNode } from 'react';
import type { Point } from '../../access/points.ts';
import type { FieldLayout, FormSchema } from './schemaForm.ts';

/** A call on one record, `…/{id}`. */
export type RecordEndpoint = Endpoint & { params: typeof IdParams };
/** A call taking a JSON body. */
type WithBody = { body: NonNullable<Endpoint['body']> };

/** The five calls of a plain resource, as declared in the contracts (e.g. `groupEndpoints`). */
export interface ResourceEndpoints {
  /** GET, paged: `{ list, total }` for a PageQuery (keyword, sort, order) plus the filter. */
  list: Endpoint;
  /** GET /{id}. */
  get: RecordEndpoint;
  /** POST with the input as body. */
  create: Endpoint & WithBody;
  /** PUT /{id} with the same body as create. */
  update: RecordEndpoint & WithBody;
  /** DELETE /{id}. */
  remove: RecordEndpoint;
}

/** A record of the resource: what `get` answers. Every record has an id and a name. */
export type RowOf<E extends ResourceEndpoints> = ResponseOf<E['get']> & { id: string; name: string };
/** What create and update take. */
export type InputOf<E extends ResourceEndpoints> = BodyOf<E['create']> & object;
/** The list's query parameters beyond paging. */
export type ListQueryOf<E extends ResourceEndpoints> = Partial<NonNullable<QueryOf<E['list']>>>;

/**
 * A filter beside the list's search box (status, organisation…): its value starts at `initial`,
 * `query` turns it into the list's query parameters, `render` draws it.
 */
export interface ListFilter<Value, Query extends object = Record<string, unknown>> {
  initial: Value;
  query: (value: Value) => Query;
  render: (value: Value, onChange: (next: Value) => void) => ReactNode;
}

export interface ResourcePageProps<E extends ResourceEndpoints, Filter = undefined> {
  node: MenuNode;
  /** Set on the page's detail route (`/…/page/{id}`): the record to show. */
  detailId?: string | undefined;
  endpoints: E;
  /** Root of the resource's query keys (ADMIN_KEYS.groups): every change reloads all under it. */
  queryKey: QueryKey;
  /** Other resources a change shows in (positions change organisations' counts…). */
  alsoInvalidate?: readonly QueryKey[];
  /**
   * i18n prefix of the page's own words: `<prefix>.create` (button and dialog title), `.edit`
   * ({{name}}), `.search`, `.empty`, `.confirmDelete` ({{name}}), `.profile`, and, if present,
   * `.deleteEffect` (else "This cannot be undone.").
   */
  texts: string;
  /** Who sees the create button, the edit actions and the delete action. */
  points: { create: Point; update: Point; delete: Point };
  /** The create/edit form: the input schema and the fields in order (widgets and rules follow from it). */
  form: { schema: FormSchema; fields: readonly ((keyof InputOf<E> & string) | FieldLayout<keyof InputOf<E> & string, ReactElement>)[] };
  /** Values a new record starts with (e.g. the organisation the list is filtered by). */
  newValues?: (filter: Filter) => Partial<InputOf<E>>;
  /** The list's columns; `sorter: true` sorts on the server by the column's key; the `name` column links to the detail view. */
  columns: ColumnsType<RowOf<E>>;
  /** Width of the actions column (edit, the row actions, delete). */
  actionsWidth?: number;
  filter?: ListFilter<Filter, ListQueryOf<E>>;
  /** More actions of a row, between edit and delete (activate/disable…); each checks its own point. */
  rowActions?: (row: RowOf<E>) => ReactNode;
  /** Beside the create button in the page header (an import button…); each checks its own point. */
  extra?: ReactNode;
  /** The detail view: its profile card and the sections below it (members, roles…). Without one, names do not link. */
  detail?: {
    profile: (row: RowOf<E>) => DescriptionsProps['items'];
    sections?: (row: RowOf<E>) => ReactNode;
  };
}
