import { CopyOutlined } from '@ant-design/icons';
import { iconEndpoints, type Icon } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, Pagination, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { ICONS_KEY } from '../../../../components/icons/iconSchema.ts';
import { useIconsT } from './messages.ts';
import { useIconActions } from './useIconActions.tsx';

const PAGE_SIZE = 48;
const TILE = 120;

function IconTile({ icon, actions }: { icon: Icon; actions: ReturnType<typeof useIconActions> }) {
  const t = useIconsT();
  const canDelete = useCan(POINTS.icons.delete);
  return (
    <Card size="small" style={{ width: TILE }} styles={{ body: { padding: 8, textAlign: 'center' } }} data-icon={icon.name}>
      <img src={icon.url} alt={icon.name} width={32} height={32} style={{ objectFit: 'contain' }} />
      <Typography.Text ellipsis={{ tooltip: icon.name }} style={{ display: 'block', fontSize: 12 }}>
        {icon.name}
      </Typography.Text>
      <Flex justify="center" gap={2}>
        <Tooltip title={t('copy')}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={`${t('copy')} ${icon.name}`}
            onClick={() => void actions.copy(icon.name)}
          />
        </Tooltip>
        {canDelete && (
          <ConfirmAction title={t('confirmDelete', { name: icon.name })} onConfirm={() => actions.remove(icon.name)} danger>
            {t('delete')}
          </ConfirmAction>
        )}
      </Flex>
    </Card>
  );
}

/** The icons of a classification as a grid, searched by name and paged on the server. */
export function IconGrid({ classification }: { classification: string }) {
  const t = useIconsT();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const actions = useIconActions(classification);
  const query = { page, size: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const icons = useQuery({
    ...endpointQuery(ICONS_KEY, iconEndpoints.list, { params: { classification }, query }),
    placeholderData: keepPreviousData,
  });
  const list = icons.data?.list ?? [];
  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320 }}
      />
      {list.length === 0 && !icons.isFetching ? (
        <Empty description={t('empty')} />
      ) : (
        <Flex wrap gap={8} aria-busy={icons.isFetching}>
          {list.map((icon) => (
            <IconTile key={icon.id} icon={icon} actions={actions} />
          ))}
        </Flex>
      )}
      {(icons.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination current={page} pageSize={PAGE_SIZE} total={icons.data?.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Flex>
  );
}
