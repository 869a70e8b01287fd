import { Empty, Flex, Input, Spin, Tree, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOrgTree, keysToDepth, toTreeData, type OrgNode } from './orgTree.ts';
import './messages.ts';

interface OrgTreeProps {
  nodes: readonly OrgNode[] | undefined;
  loading: boolean;
  /** The highlighted organisation. */
  selectedId: string | undefined;
  onSelect: (orgId: string | undefined) => void;
  /** Accessible name of the tree. */
  label: string;
  /** Extra antd Tree props (draggable, onDrop, titleRender…). */
  treeProps?: Omit<TreeProps, 'treeData' | 'selectedKeys' | 'onSelect' | 'expandedKeys' | 'onExpand'>;
}

/**
 * The organisation tree with a filter box: typing keeps matching organisations (and their
 * ancestors, opened). Arrow keys move through it once focused; Enter selects.
 */
export function OrgTree({ nodes, loading, selectedId, onSelect, label, treeProps }: OrgTreeProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState<React.Key[] | undefined>(undefined);
  const filtered = useMemo(() => filterOrgTree(nodes ?? [], keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(filtered.nodes), [filtered.nodes]);
  // Until the user opens or closes a node, the first two levels (or the matches) are open.
  const expandedKeys = opened ?? (keyword ? filtered.expand : keysToDepth(nodes ?? [], 2));

  return (
    <Flex vertical gap={8}>
      <Input.Search
        allowClear
        aria-label={t('adminKit.filterOrgs')}
        placeholder={t('adminKit.filterOrgs')}
        onChange={(event) => {
          setKeyword(event.target.value);
          setOpened(undefined);
        }}
      />
      {loading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(keyword ? 'adminKit.noMatch' : 'adminKit.noOrgs')} />
      ) : (
        <Tree
          aria-label={label}
          blockNode
          showLine
          {...treeProps}
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setOpened(keys)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : String(keys[0]))}
        />
      )}
    </Flex>
  );
}
