import { Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { allKeysOf, checkedKeysOf, nodeIdsOf, type PickNode } from './nodeSelection.ts';
import { useAuthorizationsT } from './messages.ts';

interface NodeTreeProps {
  id?: string;
  tree: readonly PickNode[];
  /** The nodes held: each is shown checked with everything below it. */
  value?: string[];
  onChange?: (nodeIds: string[]) => void;
}

const toTreeData = (nodes: readonly PickNode[], pointTag: string): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title:
      node.type === 'element' ? (
        <>
          {node.title} <Tag>{pointTag}</Tag>
        </>
      ) : (
        node.title
      ),
    children: toTreeData(node.children, pointTag),
  }));

/**
 * The application's tree with check boxes, as a form field whose value is the nodes held (the
 * topmost checked ones): a checked page takes everything below it along.
 */
export function NodeTree({ id, tree, value, onChange }: NodeTreeProps) {
  const t = useAuthorizationsT();
  const treeData = useMemo(() => toTreeData(tree, t('point')), [tree, t]);
  return (
    <div id={id}>
      <Tree
        checkable
        selectable={false}
        showLine
        aria-label={t('nodesField')}
        treeData={treeData}
        defaultExpandedKeys={allKeysOf(tree)}
        checkedKeys={checkedKeysOf(tree, value ?? [])}
        onCheck={(checked) => onChange?.(nodeIdsOf(tree, (Array.isArray(checked) ? checked : checked.checked).map(String)))}
      />
    </div>
  );
}
