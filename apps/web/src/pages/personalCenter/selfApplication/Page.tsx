import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { OwnedApplicationDetail } from './OwnedApplicationDetail.tsx';
import { OwnedApplicationList } from './OwnedApplicationList.tsx';

/** personalCenter/selfApplication: the applications the caller owns, or one of them (detailId). */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <OwnedApplicationDetail node={node} applicationId={detailId} /> : <OwnedApplicationList node={node} />;
}
