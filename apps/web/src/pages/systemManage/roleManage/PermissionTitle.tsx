import { ApiOutlined } from '@ant-design/icons';
import type { MenuNode } from '@portal/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { MenuIcon } from '../../../app/layout/menuIcons.tsx';
import { useRoleT } from './messages.ts';

/** How a node reads in the permission tree: a page by its title and name, a button as a tag with its API calls. */
export function PermissionTitle({ node }: { node: MenuNode }) {
  const t = useRoleT();
  if (node.type === 'element') {
    const calls =
      node.api.length > 0 ? (
        <Flex vertical>
          <strong>{t('apiCalls')}</strong>
          {node.api.map((call) => (
            <code key={call}>{call}</code>
          ))}
        </Flex>
      ) : (
        t('noApiCalls')
      );
    return (
      <Tooltip title={calls}>
        <Tag color="blue" icon={<ApiOutlined />}>
          {node.title}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Flex gap={6} align="center" component="span">
      <MenuIcon name={node.icon} />
      <span>{node.title}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {node.name}
      </Typography.Text>
    </Flex>
  );
}
