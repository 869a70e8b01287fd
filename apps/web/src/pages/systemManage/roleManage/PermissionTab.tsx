import type { MenuNode, Role } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Input, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { apiErrorOf } from '../../../components/admin/apiErrors.ts';
import { useMenuTree } from '../../../components/admin/useMenuTree.ts';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { MenuNodeTitle } from '../navManage/menuManage/MenuNodeTitle.tsx';
import { roleApi, roleKeys } from './api.ts';
import { useRoleT } from './messages.ts';
import { branchIds, checkNode, filterTree, halfCheckedIds, indexTree, orderedIds, sameGrant, uncheckNode } from './permissionTree.ts';

const toTreeData = (nodes: readonly MenuNode[], readOnly: boolean): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: <MenuNodeTitle node={node} />,
    disableCheckbox: readOnly,
    isLeaf: node.children.length === 0,
    children: toTreeData(node.children, readOnly),
  }));

/** Pages open on arrival: the sections and their pages, not every button. */
const openOnArrival = (tree: readonly MenuNode[]): string[] => tree.filter((node) => node.children.length > 0).map((node) => node.id);

/**
 * Which pages and buttons the role grants: the whole menu tree with checkboxes, checked from
 * GET /roles/{roleId}/resources and saved with PUT. A refusal (e.g. 403 for a resource the
 * administrator does not hold) is shown above the tree and the edits are kept.
 */
export function PermissionTab({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const t = useRoleT();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const tree = useMenuTree();
  const granted = useQuery({
    queryKey: roleKeys.resources(role.id),
    queryFn: () => roleApi.resources(role.id),
    enabled: !role.allResources,
  });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const saved = useMemo(
    () => new Set(role.allResources ? index.allIds : (granted.data?.menuIds ?? [])),
    [role.allResources, index, granted.data],
  );
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<{ search: string; keys: Key[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const readOnly = role.allResources || !canEdit;
  const checked = edited ?? saved;
  const dirty = edited !== null && !sameGrant(edited, saved);

  const save = useMutation({
    mutationFn: () => roleApi.saveResources(role.id, orderedIds(checked, index)),
    onMutate: () => setRefusal(null),
    onSuccess: async (result) => {
      queryClient.setQueryData(roleKeys.resources(role.id), result);
      setEdited(null);
      void message.success(t('permissionsSaved'));
      await queryClient.invalidateQueries({ queryKey: roleKeys.resources(role.id) });
    },
    onError: (error) => setRefusal(apiErrorOf(error)?.message ?? t('permissionsRefused')),
  });

  const visible = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const treeData = useMemo(() => toTreeData(visible, readOnly), [visible, readOnly]);
  const half = useMemo(() => halfCheckedIds(checked, tree.data ?? []), [checked, tree.data]);
  // A new search opens every page on the way to a match; the user's own opening and closing wins after.
  const expandedKeys = expanded?.search === search ? expanded.keys : search.trim() ? branchIds(visible) : openOnArrival(tree.data ?? []);

  if (tree.isPending || (granted.isPending && !role.allResources)) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (tree.isError || granted.isError) return <Alert type="error" showIcon title={t('treeFailed')} />;

  return (
    <Flex vertical gap={12}>
      {role.allResources && <Alert type="info" showIcon title={t('superAdminHint')} />}
      {!role.allResources && !canEdit && <Alert type="info" showIcon title={t('readOnly')} />}
      {!readOnly && <Typography.Text type="secondary">{t('elementHint')}</Typography.Text>}
      {refusal && (
        <Alert type="error" showIcon closable title={t('permissionsRefused')} description={refusal} onClose={() => setRefusal(null)} />
      )}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Input.Search
          allowClear
          aria-label={t('treeSearch')}
          placeholder={t('treeSearch')}
          style={{ maxWidth: 360 }}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={setSearch}
        />
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary" aria-live="polite">
            {dirty ? `${t('unsaved')} · ` : ''}
            {t('grantedCount', { count: checked.size, total: index.allIds.length })}
          </Typography.Text>
          {!readOnly && (
            <>
              <Button disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
                {t('reset')}
              </Button>
              <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
                {t('save')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      {treeData.length === 0 ? (
        <Empty description={search.trim() ? t('noMatch', { search: search.trim() }) : t('noMenu')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          blockNode
          aria-label={t('permissionsTab')}
          treeData={treeData}
          checkedKeys={{ checked: [...checked], halfChecked: half }}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded({ search, keys })}
          onCheck={(_keys, info) => {
            if (readOnly) return;
            const id = String(info.node.key);
            setEdited(info.checked ? checkNode(checked, index, id) : uncheckNode(checked, index, id));
          }}
        />
      )}
    </Flex>
  );
}
