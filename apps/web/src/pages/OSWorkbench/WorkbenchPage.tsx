import { Button, Empty, Flex, Input, Result, Skeleton, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { categoryName } from '../../app/i18n/localNames.ts';
import { useLaunch } from '../../app/launch/useLaunch.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { groupByCategory, matchesSearch, moveApp, toggleFavourite } from '../../app/workbench/navmenu.ts';
import { useWorkbench } from '../../app/workbench/useWorkbench.ts';
import { AppGroupSection } from './AppGroupSection.tsx';
import { useWorkbenchT } from './messages.ts';

/**
 * /OSWorkbench: the user's applications as tiles grouped by category, searchable, reorderable and
 * with favourites; order and favourites are the user's 'Navmenu' config, kept across sign-ins.
 */
export function Component() {
  const t = useWorkbenchT();
  const user = useAppStore((state) => state.userInfo);
  const { apps, reference, isLoading, isError, retry, save } = useWorkbench();
  const { launch, pending } = useLaunch();
  const [search, setSearch] = useState('');
  const text = useDeferredValue(search);
  const groups = useMemo(
    () =>
      groupByCategory(
        apps.filter((app) => matchesSearch(app, text)),
        reference,
      ),
    [apps, reference, text],
  );

  const body = () => {
    if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (isError)
      return (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={
            <Button type="primary" onClick={retry}>
              {t('retry')}
            </Button>
          }
        />
      );
    if (apps.length === 0)
      return (
        <Empty
          description={
            <>
              {t('empty')}
              <br />
              {t('emptyHint')}
            </>
          }
        />
      );
    if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatch', { text })} />;
    return groups.map((group) => (
      <AppGroupSection
        key={group.category ?? ''}
        title={group.category ? categoryName(group.category) : t('uncategorised')}
        apps={group.apps}
        pendingId={pending}
        onOpen={launch}
        onToggleFavourite={(app) => save(toggleFavourite(apps, app.id))}
        onMove={(activeId, overId, forward) => save(moveApp(apps, activeId, overId, forward))}
      />
    ));
  };

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 24 }}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('welcome', { name: user?.name || user?.username || '' })}</Typography.Text>
        </div>
        <Input.Search
          allowClear
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {body()}
    </div>
  );
}
