import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { ApiDetailView } from './ApiDetailView.tsx';
import { ApiList } from './ApiList.tsx';

/** applicationManage/api-management: the API catalogue, or one API's detail with try-it. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <ApiDetailView node={node} apiId={detailId} /> : <ApiList node={node} />;
}
