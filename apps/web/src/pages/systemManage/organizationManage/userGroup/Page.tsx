import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { GroupDetail } from './GroupDetail.tsx';
import { GroupList } from './GroupList.tsx';

/** systemManage/organizationManage/userGroup: the groups list, or one group's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <GroupDetail node={node} groupId={detailId} /> : <GroupList node={node} />;
}
