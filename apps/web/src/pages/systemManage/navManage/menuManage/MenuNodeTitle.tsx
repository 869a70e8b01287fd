import { ApiOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import type { MenuNode } from '@portal/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { MenuIcon } from '../../../../app/layout/menuIcons.tsx';
import { useMenuT } from './messages.ts';

/** A node in the editor's tree: a page by its icon, title and name; a button as a tag listing its calls on hover. */
export function MenuNodeTitle({ node }: { node: MenuNode }) {
  const t = useMenuT();
  if (node.type === 'element') {
    return (
      <Tooltip
        title={
          node.api.length > 0 ? (
            <Flex vertical>
              {node.api.map((call) => (
                <code key={call}>{call}</code>
              ))}
            </Flex>
          ) : (
            t('none')
          )
        }
      >
        <Tag color="blue" icon={<ApiOutlined />}>
          {node.title}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Flex component="span" gap={6} align="center">
      <MenuIcon name={node.icon} />
      <span>{node.title}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {node.name}
      </Typography.Text>
      {node.hide && <EyeInvisibleOutlined aria-label={t('hide')} />}
    </Flex>
  );
}
