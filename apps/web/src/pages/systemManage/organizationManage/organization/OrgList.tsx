import type { MenuNode } from '@portal/contracts';
import { Card, Col, Empty, Row, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { OrgTree } from '../../../../components/admin/OrgTree.tsx';
import { findOrg } from '../../../../components/admin/orgTree.ts';
import { useOrgTree } from '../../../../components/admin/useOrgTree.ts';
import { OrgFormModal, type OrgEditing } from './OrgFormModal.tsx';
import { moveOfDrop } from './orgMove.ts';
import { OrgSummary } from './OrgSummary.tsx';
import { POINTS } from '../../../../access/points.ts';
import { useOrgMove } from './useOrgMove.ts';
import '../../../../components/admin/messages.ts';
import { CreateButton } from '../../../../components/admin/CreateButton.tsx';

/** antd reports the drop position against the target's index; -1, 0 or 1 relative to the target. */
const relativeDrop = (dropPosition: number, targetPos: string): -1 | 0 | 1 => {
  const relative = dropPosition - Number(targetPos.split('-').at(-1));
  return relative < 0 ? -1 : relative > 0 ? 1 : 0;
};

/** The organisation tree (drag to reorder with the update point) and the chosen organisation's actions. */
export function OrgList({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [editing, setEditing] = useState<OrgEditing>(null);
  const canUpdate = useCan(POINTS.organization.update);
  const move = useOrgMove();
  const selected = selectedId ? findOrg(tree.data ?? [], selectedId) : undefined;

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = String(info.dragNode.key);
    const planned = moveOfDrop(tree.data ?? [], {
      dragId,
      targetId: String(info.node.key),
      relative: relativeDrop(info.dropPosition, info.node.pos),
      dropToGap: info.dropToGap,
      targetExpanded: info.node.expanded,
    });
    if (planned) move.mutate({ id: dragId, move: planned });
  };

  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.organization.create} onClick={() => setEditing({ kind: 'create', parentId: null })}>
          {t('orgManage.orgs.createRoot')}
        </CreateButton>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} xl={8}>
          <Card title={t('orgManage.orgs.tree')} size="small">
            {canUpdate && (
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('orgManage.orgs.dragHint')}
              </Typography.Paragraph>
            )}
            <OrgTree
              nodes={tree.data}
              loading={tree.isLoading}
              selectedId={selectedId}
              onSelect={setSelectedId}
              label={t('orgManage.orgs.tree')}
              treeProps={canUpdate ? { draggable: { icon: false }, onDrop, disabled: move.isPending } : {}}
            />
          </Card>
        </Col>
        <Col xs={24} md={14} xl={16}>
          {selected ? (
            <OrgSummary
              node={node}
              org={selected}
              tree={tree.data ?? []}
              onEdit={() => setEditing({ kind: 'edit', org: selected })}
              onCreateChild={() => setEditing({ kind: 'create', parentId: selected.id })}
              onDeleted={() => setSelectedId(undefined)}
            />
          ) : (
            <Card>
              <Empty description={tree.data?.length === 0 ? t('adminKit.noOrgs') : t('orgManage.orgs.pickOne')} />
            </Card>
          )}
        </Col>
      </Row>
      <OrgFormModal editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
