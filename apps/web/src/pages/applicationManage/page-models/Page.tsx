import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { PageModelDetailView } from './PageModelDetailView.tsx';
import { PageModelList } from './PageModelList.tsx';

/**
 * applicationManage/page-models: stored page definitions, or one with its versions. Not the resource
 * kit's ResourcePage: editing needs the current definition the list rows lack, and each save is a version.
 */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <PageModelDetailView node={node} modelId={detailId} /> : <PageModelList node={node} />;
}
