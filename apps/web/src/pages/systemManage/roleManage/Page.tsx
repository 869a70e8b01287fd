import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { RoleDetail } from './RoleDetail.tsx';
import { RoleList } from './RoleList.tsx';

/** systemManage:roleManage: the role list, or with `detailId` one role's members, groups and permissions. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId === undefined ? <RoleList node={node} /> : <RoleDetail key={detailId} node={node} roleId={detailId} />;
}
