import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { OrgDetail } from './OrgDetail.tsx';
import { OrgList } from './OrgList.tsx';

/** systemManage/organizationManage/organization: the organisation tree, or one organisation's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <OrgDetail node={node} orgId={detailId} /> : <OrgList node={node} />;
}
