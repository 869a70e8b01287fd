import { useSearchParams } from 'react-router';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { SPACE_PARAM } from './api.ts';
import { SpaceDetail } from './SpaceDetail.tsx';
import { SpaceList } from './SpaceList.tsx';

/**
 * OSS:spaceList: the spaces, or one space's tabs. A space is addressed as `?space=<id>` rather than
 * by the router's detail segment: that segment is checked as the point `OSS:spaceList:getDetail`,
 * which only the page itself covers, and holding the page reads every space. Who may open a space
 * is the space's own business (owner and grants, checked by the server), so a user holding only a
 * narrow point of the page (creating spaces) still reaches the spaces granted to them. The
 * detail segment still opens the same view for those who hold the page.
 */
export function Component({ node, detailId }: ConsolePageProps) {
  const [params] = useSearchParams();
  const spaceId = detailId ?? params.get(SPACE_PARAM);
  return spaceId ? <SpaceDetail key={spaceId} node={node} bucketId={spaceId} /> : <SpaceList node={node} />;
}
