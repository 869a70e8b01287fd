import type { MenuNode } from '@portal/contracts';
import { Button, Card, Col, Empty, Row, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useCan } from '../../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { useMenuTree } from '../../../../components/admin/useMenuTree.ts';
import { POINTS } from '../../../../access/points.ts';
import { menuApi } from './api.ts';
import { MenuFormModal, type MenuEditTarget } from './MenuFormModal.tsx';
import { MenuNodeDetails } from './MenuNodeDetails.tsx';
import { MenuNodeTitle } from './MenuNodeTitle.tsx';
import { canDrop, dropPlacement, dropSide, locate, stepPlacement, subtreeSize } from './menuTreeOps.ts';
import { useMenuT } from './messages.ts';
import { useMenuMove } from './useMenuMove.ts';

const toTreeData = (nodes: readonly MenuNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: <MenuNodeTitle node={node} />,
    isLeaf: node.children.length === 0,
    children: toTreeData(node.children),
  }));

/** systemManage:navManage:menuManage: the menu tree (pages and permission points) and its editor. */
export function Component({ node }: ConsolePageProps) {
  const t = useMenuT();
  return (
    <AdminPage title={node.title || t('title')}>
      <MenuEditor />
    </AdminPage>
  );
}

/** Inside the page frame, so its toasts and confirmations follow the theme. */
function MenuEditor() {
  const t = useMenuT();
  const { modal } = useFeedback();
  const canCreate = useCan(POINTS.menu.create);
  const canUpdate = useCan(POINTS.menu.update);
  const canDelete = useCan(POINTS.menu.delete);
  const tree = useMenuTree();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<MenuEditTarget | null>(null);
  const move = useMenuMove();
  const remove = useInvalidatingMutation((id: string) => menuApi.remove(id), { invalidate: [ADMIN_KEYS.menuTree], success: t('deleted') });
  const selected = selectedId ? locate(nodes, selectedId)?.node : undefined;
  const expandedKeys = expanded ?? nodes.map((each) => each.id);

  const moveBy = (step: -1 | 1) => {
    const placement = selected && stepPlacement(nodes, selected.id, step);
    return placement && selected ? () => move.mutate({ id: selected.id, placement }) : null;
  };
  const confirmDelete = (target: MenuNode) =>
    modal.confirm({
      title: t('deleteConfirmTitle', { title: target.title }),
      content: t('deleteConfirm', { count: subtreeSize(target) }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(target.id);
        setSelectedId(null);
      },
    });
  const afterSave = (saved: MenuNode) => {
    setSelectedId(saved.id);
    // Show the new node: open the page it was added to.
    if (saved.parentId && !expandedKeys.includes(saved.parentId)) setExpanded([...expandedKeys, saved.parentId]);
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title={t('treeLabel')}
            extra={
              canCreate && (
                <Button type="primary" onClick={() => setEditing({ mode: 'create', parent: null })}>
                  {t('addRoot')}
                </Button>
              )
            }
          >
            {canUpdate && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('dragHint')}
              </Typography.Paragraph>
            )}
            {tree.isPending ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : treeData.length === 0 ? (
              <Empty description={t('empty')} />
            ) : (
              <Tree
                aria-label={t('treeLabel')}
                blockNode
                showLine
                treeData={treeData}
                draggable={canUpdate && !move.isPending}
                allowDrop={({ dragNode, dropNode, dropPosition }) =>
                  canDrop(nodes, String(dragNode.key), String(dropNode.key), dropPosition)
                }
                onDrop={(info) => {
                  const side = dropSide({
                    pos: info.node.pos,
                    dropPosition: info.dropPosition,
                    dropToGap: info.dropToGap,
                    expanded: info.node.expanded,
                    hasChildren: (info.node.children?.length ?? 0) > 0,
                  });
                  const id = String(info.dragNode.key);
                  const placement = dropPlacement(nodes, id, String(info.node.key), side);
                  if (placement) move.mutate({ id, placement });
                }}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => setSelectedId(keys[0] === undefined ? null : String(keys[0]))}
                expandedKeys={expandedKeys}
                onExpand={(keys) => setExpanded(keys)}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={selected?.title ?? t('noSelection')}>
            <MenuNodeDetails
              node={selected}
              actions={{
                canCreate,
                canUpdate,
                canDelete,
                onMoveUp: moveBy(-1),
                onMoveDown: moveBy(1),
                onAddChild: () => selected && setEditing({ mode: 'create', parent: selected }),
                onEdit: () => selected && setEditing({ mode: 'edit', node: selected }),
                onDelete: () => selected && confirmDelete(selected),
              }}
            />
          </Card>
        </Col>
      </Row>
      <MenuFormModal target={editing} tree={nodes} onClose={() => setEditing(null)} onSaved={afterSave} />
    </>
  );
}
