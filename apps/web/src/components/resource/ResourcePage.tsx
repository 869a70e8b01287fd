import { ResourceDetail } from './ResourceDetail.tsx';
import { ResourceList } from './ResourceList.tsx';
import type { ResourceEndpoints, ResourcePageProps } from './types.ts';

/**
 * A plain administration page declared from its endpoints: the server-paged list (search, sort,
 * the page's filter), create and edit in a dialog whose fields and rules come from the input
 * schema, delete after a confirmation, buttons shown by permission point, and on the page's
 * detail route (`detailId`) the record's detail view. Pages add only what is theirs: columns,
 * filter, row actions and detail sections.
 *
 * ```tsx
 * <ResourcePage node={node} detailId={detailId} endpoints={groupEndpoints} queryKey={ADMIN_KEYS.groups}
 *   texts="orgManage.groups" points={POINTS.userGroup} form={{ schema: GroupInput, fields: ['name', 'code'] }}
 *   columns={columns} detail={{ profile: (group) => [...] }} />
 * ```
 */
export function ResourcePage<E extends ResourceEndpoints, Filter = undefined>(props: ResourcePageProps<E, Filter>) {
  const { detail } = props;
  return props.detailId === undefined || !detail ? (
    <ResourceList config={props} />
  ) : (
    <ResourceDetail config={{ ...props, detail }} id={props.detailId} />
  );
}
