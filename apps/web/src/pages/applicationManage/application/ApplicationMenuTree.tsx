import type { Application, MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { MenuNodeTitle } from '../../systemManage/navManage/menuManage/MenuNodeTitle.tsx';
import { APPLICATION_KEY, fetchApplicationMenu } from './api.ts';
import { useAppT } from './messages.ts';

const toTreeData = (nodes: readonly MenuNode[]): TreeDataNode[] =>
  nodes.map((node) => ({ key: node.id, title: <MenuNodeTitle node={node} />, children: toTreeData(node.children) }));

const keysOf = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((node) => [node.id, ...keysOf(node.children)]);

/** The application's own menu tree: its root node, pages and permission points (read-only). */
export function ApplicationMenuTree({ application }: { application: Application }) {
  const t = useAppT();
  const menu = useQuery({
    queryKey: [...APPLICATION_KEY, 'menu', application.id, application.type],
    queryFn: () => fetchApplicationMenu(application),
  });
  const treeData = useMemo(() => toTreeData(menu.data ?? []), [menu.data]);
  const onlyRoot = (menu.data ?? []).every((root) => root.children.length === 0);
  return (
    <Card title={t('menuTree')}>
      {menu.isLoading ? (
        <Skeleton active />
      ) : menu.isError ? (
        <Alert type="error" showIcon title={t('menuFailed')} />
      ) : (
        <>
          <Tree aria-label={t('menuTree')} treeData={treeData} defaultExpandedKeys={keysOf(menu.data ?? [])} selectable={false} showLine />
          {onlyRoot && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuEmpty')} />}
        </>
      )}
    </Card>
  );
}
