import { useMemo } from 'react';
import { useCan } from '../../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { useMenuTree } from '../../../../components/admin/useMenuTree.ts';
import { POINTS } from '../../../../access/points.ts';
import { menuApi } from './api.ts';
import { useMenuT } from './messages.ts';
import { MenuTreeEditor } from './MenuTreeEditor.tsx';

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
  const can = { create: useCan(POINTS.menu.create), update: useCan(POINTS.menu.update), delete: useCan(POINTS.menu.delete) };
  const tree = useMenuTree();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  return <MenuTreeEditor label={t('treeLabel')} nodes={nodes} loading={tree.isPending} store={menuApi} can={can} emptyText={t('empty')} />;
}
