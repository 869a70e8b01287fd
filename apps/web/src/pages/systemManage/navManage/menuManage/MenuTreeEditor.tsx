import type { MenuNode } from '@portal/contracts';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Typography, type FormRule } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import type { MenuNodeStore } from './api.ts';
import { DraggableMenuTree } from './DraggableMenuTree.tsx';
import { MenuFormModal, type MenuEditTarget } from './MenuFormModal.tsx';
import { MenuNodeDetails } from './MenuNodeDetails.tsx';
import { locate, stepPlacement, subtreeSize } from './menuTreeOps.ts';
import { useMenuT } from './messages.ts';
import { useMenuMove } from './useMenuMove.ts';

export interface MenuTreeEditorProps {
  /** The tree's accessible name and card title. */
  label: string;
  nodes: readonly MenuNode[];
  loading: boolean;
  store: MenuNodeStore;
  can: { create: boolean; update: boolean; delete: boolean };
  emptyText: ReactNode;
  /** More actions in the tree card's header (import, synchronise…), before "New top-level page". */
  extra?: ReactNode;
  nameRules?: (parentId: string | null, edited: MenuNode | undefined) => FormRule[];
}

/**
 * A tree of pages and permission points with its editor: drag (or Move up / Move down) to reorder,
 * add, edit, delete after a confirmation saying what goes with the node. The console's menu and an
 * application's own tree use it, each with its store and its permissions.
 */
export function MenuTreeEditor({ label, nodes, loading, store, can, emptyText, extra, nameRules }: MenuTreeEditorProps) {
  const t = useMenuT();
  const { modal } = useFeedback();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<MenuEditTarget | null>(null);
  // A new form per opening: the form kept the type of the node edited before (a child of a page
  // then started as a page, not as a button), whatever the new initial values said.
  const [openings, setOpenings] = useState(0);
  const edit = (target: MenuEditTarget) => {
    setOpenings((count) => count + 1);
    setEditing(target);
  };
  const move = useMenuMove(store);
  const remove = useInvalidatingMutation((id: string) => store.remove(id), { invalidate: [store.treeKey], success: t('deleted') });
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
            title={label}
            extra={
              <Flex gap={8} wrap>
                {extra}
                {can.create && (
                  <Button type="primary" onClick={() => edit({ mode: 'create', parent: null })}>
                    {t('addRoot')}
                  </Button>
                )}
              </Flex>
            }
          >
            {can.update && nodes.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('dragHint')}
              </Typography.Paragraph>
            )}
            {loading ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : nodes.length === 0 ? (
              <Empty description={emptyText} />
            ) : (
              <DraggableMenuTree
                label={label}
                nodes={nodes}
                onMove={can.update && !move.isPending ? (id, placement) => move.mutate({ id, placement }) : null}
                selectedId={selectedId}
                onSelect={setSelectedId}
                expandedKeys={expandedKeys}
                onExpand={setExpanded}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={selected?.title ?? t('noSelection')}>
            <MenuNodeDetails
              node={selected}
              actions={{
                canCreate: can.create,
                canUpdate: can.update,
                canDelete: can.delete,
                onMoveUp: moveBy(-1),
                onMoveDown: moveBy(1),
                onAddChild: () => selected && edit({ mode: 'create', parent: selected }),
                onEdit: () => selected && edit({ mode: 'edit', node: selected }),
                onDelete: () => selected && confirmDelete(selected),
              }}
            />
          </Card>
        </Col>
      </Row>
      <MenuFormModal
        key={openings}
        target={editing}
        tree={nodes}
        store={store}
        nameRules={nameRules}
        onClose={() => setEditing(null)}
        onSaved={afterSave}
      />
    </>
  );
}
