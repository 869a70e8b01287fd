import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { SpaceDetail } from './SpaceDetail.tsx';
import { SpaceList } from './SpaceList.tsx';

/** OSS:spaceList: the spaces, or with `detailId` (a bucket id) one space's tabs. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId === undefined ? <SpaceList node={node} /> : <SpaceDetail key={detailId} node={node} bucketId={detailId} />;
}
