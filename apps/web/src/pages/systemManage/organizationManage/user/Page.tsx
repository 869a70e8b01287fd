import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { UserDetail } from './UserDetail.tsx';
import { UserList } from './UserList.tsx';

/** systemManage/organizationManage/user: the users list, or one user's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <UserDetail node={node} userId={detailId} /> : <UserList node={node} />;
}
