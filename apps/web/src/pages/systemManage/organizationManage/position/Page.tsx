import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { PositionDetail } from './PositionDetail.tsx';
import { PositionList } from './PositionList.tsx';

/** systemManage/organizationManage/position: the positions list, or one position's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <PositionDetail node={node} positionId={detailId} /> : <PositionList node={node} />;
}
