import type { MenuNode } from '@portal/contracts';
import { Tree, type TreeDataNode } from 'antd';
import { useMemo, type Key } from 'react';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { MenuNodeTitle } from './MenuNodeTitle.tsx';
import { dropPlacement, dropRefusal, dropSide, type Placement } from './menuTreeOps.ts';
import { useMenuT } from './messages.ts';

export const toTreeData = (nodes: readonly MenuNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: <MenuNodeTitle node={node} />,
    isLeaf: node.children.length === 0,
    children: toTreeData(node.children),
  }));

interface DraggableMenuTreeProps {
  label: string;
  nodes: readonly MenuNode[];
  /** Null: nodes cannot be dragged (no permission, or a move is under way). */
  onMove: ((id: string, placement: Placement) => void) | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  expandedKeys: Key[];
  onExpand: (keys: Key[]) => void;
}

/**
 * A tree of pages and permission points whose nodes are dragged to another place. A drop the server
 * would refuse (into a button, a button at the top level) is not sent: a message says why.
 */
export function DraggableMenuTree({ label, nodes, onMove, selectedId, onSelect, expandedKeys, onExpand }: DraggableMenuTreeProps) {
  const t = useMenuT();
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const { message } = useFeedback();
  return (
    <Tree
      aria-label={label}
      blockNode
      showLine
      treeData={treeData}
      draggable={onMove !== null}
      onDrop={(info) => {
        const side = dropSide({
          pos: info.node.pos,
          dropPosition: info.dropPosition,
          dropToGap: info.dropToGap,
          expanded: info.node.expanded,
          hasChildren: (info.node.children?.length ?? 0) > 0,
        });
        const id = String(info.dragNode.key);
        const target = String(info.node.key);
        const refusal = dropRefusal(nodes, id, target, side);
        if (refusal) return void message.warning(t(`refused.${refusal}`));
        const placement = dropPlacement(nodes, id, target, side);
        if (placement) onMove?.(id, placement);
      }}
      selectedKeys={selectedId ? [selectedId] : []}
      onSelect={(keys) => onSelect(keys[0] === undefined ? null : String(keys[0]))}
      expandedKeys={expandedKeys}
      onExpand={(keys) => onExpand(keys)}
    />
  );
}
