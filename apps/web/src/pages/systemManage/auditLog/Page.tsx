import type { AuditLog } from '@portal/contracts';
import { Card, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { ValueDiff } from '../../../components/diff/ValueDiff.tsx';
import { AUDIT_KEY, fetchAuditLogs, NEWEST_FIRST } from './api.ts';
import { AuditFiltersForm } from './AuditFiltersForm.tsx';
import type { AuditFilters } from './auditQuery.ts';
import { useAuditT } from './messages.ts';

/** systemManage:auditLog: who changed what and when, newest first, with each change's before and after. */
export function Component({ node }: ConsolePageProps) {
  const t = useAuditT();
  const [filters, setFilters] = useState<AuditFilters>({});
  const columns: TableColumnsType<AuditLog> = [
    { title: t('at'), dataIndex: 'at', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: t('actor'),
      dataIndex: 'actorName',
      render: (name: string | null, log) => name ?? log.actorId ?? <Typography.Text type="secondary">{t('system')}</Typography.Text>,
    },
    { title: t('action'), dataIndex: 'action', render: (action: string) => <Tag>{action}</Tag> },
    {
      title: t('target'),
      key: 'target',
      render: (_, log) => (
        <Flex vertical>
          <span>{log.targetType}</span>
          {log.targetId && (
            <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
              {log.targetId}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '' },
    {
      title: t('requestId'),
      dataIndex: 'requestId',
      render: (id: string | null) =>
        id && (
          <Tooltip title={id}>
            <Typography.Text type="secondary" copyable={{ text: id }} style={{ fontSize: 12 }}>
              {id.slice(0, 8)}
            </Typography.Text>
          </Tooltip>
        ),
    },
  ];
  return (
    <AdminPage title={node.title || t('title')}>
      <Flex vertical gap={16}>
        <Card size="small" title={t('filters')}>
          <AuditFiltersForm onApply={setFilters} />
        </Card>
        <Card size="small">
          <ServerTable<AuditLog>
            label={node.title || t('title')}
            queryKey={AUDIT_KEY}
            fetchPage={fetchAuditLogs}
            filters={{ ...filters, ...NEWEST_FIRST }}
            columns={columns}
            searchPlaceholder={t('keyword')}
            emptyText={t('empty')}
            tableProps={{
              scroll: { x: 'max-content' },
              expandable: {
                expandedRowRender: (log) => <ValueDiff before={log.before} after={log.after} label={t('diffOf', { action: log.action })} />,
                rowExpandable: (log) => (log.before ?? null) !== null || (log.after ?? null) !== null,
              },
            }}
          />
        </Card>
      </Flex>
    </AdminPage>
  );
}
