import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { ApplicationDetail } from './ApplicationDetail.tsx';
import { ApplicationList } from './ApplicationList.tsx';

/** applicationManage/application: the application registry, or one application's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <ApplicationDetail node={node} applicationId={detailId} /> : <ApplicationList node={node} />;
}
