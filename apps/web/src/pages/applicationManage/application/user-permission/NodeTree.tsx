import { Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { allKeysOf, checkedKeysOf, halfCheckedKeysOf, toggleNode, type PickNode } from './nodeSelection.ts';
import { useAuthorizationsT } from './messages.ts';

interface NodeTreeProps {
  id?: string;
  tree: readonly PickNode[];
  /** The nodes held: each is shown checked with everything below it. */
  value?: string[];
  onChange?: (nodeIds: string[]) => void;
}

/** Tree data; a node below a held one is shown checked and cannot be unchecked on its own. */
const toTreeData = (nodes: readonly PickNode[], covered: ReadonlySet<string>, pointTag: string): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    disableCheckbox: covered.has(node.id),
    title:
      node.type === 'element' ? (
        <>
          {node.title} <Tag>{pointTag}</Tag>
        </>
      ) : (
        node.title
      ),
    children: toTreeData(node.children, covered, pointTag),
  }));

/**
 * The application's tree with check boxes, as a form field whose value is the nodes held. Checking a
 * page holds it and everything below it; checks do not climb to the parent (holding a page is more
 * than holding its children of today).
 */
export function NodeTree({ id, tree, value, onChange }: NodeTreeProps) {
  const t = useAuthorizationsT();
  const held = useMemo(() => value ?? [], [value]);
  const checked = useMemo(() => checkedKeysOf(tree, held), [tree, held]);
  const treeData = useMemo(() => {
    const heldSet = new Set(held);
    return toTreeData(tree, new Set(checked.filter((key) => !heldSet.has(key))), t('point'));
  }, [tree, held, checked, t]);
  return (
    <div id={id}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        showLine
        aria-label={t('nodesField')}
        treeData={treeData}
        defaultExpandedKeys={allKeysOf(tree)}
        checkedKeys={{ checked, halfChecked: halfCheckedKeysOf(tree, held) }}
        onCheck={(_, info) => onChange?.(toggleNode(held, tree, String(info.node.key), info.checked))}
      />
    </div>
  );
}
