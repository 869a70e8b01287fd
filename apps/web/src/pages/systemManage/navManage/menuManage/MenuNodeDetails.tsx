import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuNode } from '@portal/contracts';
import { Button, Descriptions, Empty, Flex, Tag, Tooltip, type DescriptionsProps } from 'antd';
import { useMenuT } from './messages.ts';

export interface MenuNodeActions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Null when the node is already first (or last) among its siblings. */
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  onAddChild: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The selected node's fields and what may be done with it (per the page's permission points). */
export function MenuNodeDetails({ node, actions }: { node: MenuNode | undefined; actions: MenuNodeActions }) {
  const t = useMenuT();
  if (!node) return <Empty description={t('noSelection')} />;
  const isElement = node.type === 'element';
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        {actions.canCreate && (
          <Tooltip title={isElement ? t('elementNoChildren') : undefined}>
            <Button icon={<PlusOutlined />} disabled={isElement} onClick={actions.onAddChild}>
              {t('addChild')}
            </Button>
          </Tooltip>
        )}
        {actions.canUpdate && (
          <>
            <Button icon={<EditOutlined />} onClick={actions.onEdit}>
              {t('edit')}
            </Button>
            <Button icon={<ArrowUpOutlined />} disabled={!actions.onMoveUp} onClick={() => actions.onMoveUp?.()}>
              {t('moveUp')}
            </Button>
            <Button icon={<ArrowDownOutlined />} disabled={!actions.onMoveDown} onClick={() => actions.onMoveDown?.()}>
              {t('moveDown')}
            </Button>
          </>
        )}
        {actions.canDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={actions.onDelete}>
            {t('delete')}
          </Button>
        )}
      </Flex>
      <Descriptions size="small" column={1} bordered items={describe(node, t)} />
    </Flex>
  );
}

function describe(node: MenuNode, t: ReturnType<typeof useMenuT>): DescriptionsProps['items'] {
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const common = [
    { key: 'title', label: t('title_'), children: node.title },
    { key: 'name', label: t('name'), children: node.name },
    { key: 'resource', label: t('resource'), children: <code>{node.resource}</code> },
    { key: 'type', label: t('type'), children: node.type === 'element' ? t('typeElement') : t('typePath') },
  ];
  if (node.type === 'element') {
    const calls =
      node.api.length > 0 ? (
        <Flex vertical gap={4}>
          {node.api.map((call) => (
            <Tag key={call} style={{ width: 'fit-content' }}>
              <code>{call}</code>
            </Tag>
          ))}
        </Flex>
      ) : (
        t('none')
      );
    return [...common, { key: 'api', label: t('api'), children: calls }];
  }
  return [
    ...common,
    { key: 'icon', label: t('icon'), children: node.icon ?? t('none') },
    { key: 'redirect', label: t('redirect'), children: node.redirect ?? t('none') },
    { key: 'detail', label: t('detail'), children: yesNo(node.detail) },
    { key: 'hide', label: t('hide'), children: yesNo(node.hide) },
  ];
}
