import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuNode } from '@portal/contracts';
import { Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { detailPath } from '../../../../components/admin/pagePaths.ts';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { findOrg, type OrgNode } from '../../../../components/admin/orgTree.ts';
import { moveAmongSiblings } from './orgMove.ts';
import { POINTS } from '../../../../access/points.ts';
import { useDeleteOrg } from './useDeleteOrg.tsx';
import { useOrgMove } from './useOrgMove.ts';
import '../../../../components/admin/messages.ts';

interface OrgSummaryProps {
  node: MenuNode;
  org: OrgNode;
  tree: readonly OrgNode[];
  onEdit: () => void;
  onCreateChild: () => void;
  onDeleted: () => void;
}

/**
 * The chosen organisation with its actions. Move up/down does with the keyboard what dragging
 * does with the mouse.
 */
export function OrgSummary({ node, org, tree, onEdit, onCreateChild, onDeleted }: OrgSummaryProps) {
  const { t } = useTranslation();
  const canCreate = useCan(POINTS.organization.create);
  const canUpdate = useCan(POINTS.organization.update);
  const canDelete = useCan(POINTS.organization.delete);
  const move = useOrgMove();
  const remove = useDeleteOrg(onDeleted);
  const up = moveAmongSiblings(tree, org.id, -1);
  const down = moveAmongSiblings(tree, org.id, 1);
  const parent = org.parentId ? findOrg(tree, org.parentId) : undefined;

  return (
    <Card
      title={org.name}
      extra={
        <LinkButton to={detailPath(node, org.id)} size="middle">
          {t('orgManage.orgs.openDetails')}
        </LinkButton>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions
          column={{ xs: 1, lg: 2 }}
          items={[
            { key: 'code', label: t('adminKit.code'), children: org.code },
            { key: 'parent', label: t('orgManage.orgs.parent'), children: parent?.name ?? t('orgManage.orgs.noParent') },
            { key: 'children', label: t('orgManage.orgs.childCount'), children: org.children?.length ?? 0 },
            { key: 'description', label: t('adminKit.description'), children: org.description ?? '—' },
          ]}
        />
        <Flex wrap gap={8}>
          {canCreate && (
            <Button icon={<PlusOutlined />} onClick={onCreateChild}>
              {t('orgManage.orgs.createChild')}
            </Button>
          )}
          {canUpdate && (
            <>
              <Button icon={<EditOutlined />} onClick={onEdit}>
                {t('adminKit.edit')}
              </Button>
              <Button
                icon={<ArrowUpOutlined />}
                disabled={!up || move.isPending}
                onClick={() => up && move.mutate({ id: org.id, move: up })}
              >
                {t('orgManage.orgs.moveUp')}
              </Button>
              <Button
                icon={<ArrowDownOutlined />}
                disabled={!down || move.isPending}
                onClick={() => down && move.mutate({ id: org.id, move: down })}
              >
                {t('orgManage.orgs.moveDown')}
              </Button>
            </>
          )}
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => void remove(org).catch(() => undefined)}>
              {t('adminKit.delete')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
