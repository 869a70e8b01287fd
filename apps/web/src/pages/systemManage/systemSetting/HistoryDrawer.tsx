import type { SettingsSection, SettingsVersion } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { sectionKey, sectionQuery, settingsApi, type SectionState } from '../../../components/settings/settingsApi.ts';
import { useSystemSettingT } from './messages.ts';
import { useRestore } from './useRestore.ts';
import { VersionDiff } from './VersionDiff.tsx';

interface Props<S extends SettingsSection> {
  section: S;
  /** The section's name as the tab shows it. */
  title: string;
  open: boolean;
  onClose: () => void;
  /** The user holds the edit point: versions can be restored. */
  canEdit: boolean;
  onRestored?: ((state: SectionState<S>) => unknown) | undefined;
}

/** A section's versions, newest first: who saved each and when, its difference from the current value, and restoring it. */
export function HistoryDrawer<S extends SettingsSection>({ section, title, open, onClose, canEdit, onRestored }: Props<S>) {
  const t = useSystemSettingT();
  const current = useQuery(sectionQuery(section)).data?.version;
  const restore = useRestore(section, onRestored);
  const columns: TableColumnsType<SettingsVersion> = [
    {
      title: t('version'),
      dataIndex: 'version',
      render: (version: number, row) => (
        <Flex gap={4} wrap align="center">
          <span>{version}</span>
          {version === current && <Tag color="blue">{t('current')}</Tag>}
          {row.restoredFrom !== null && (
            <Typography.Text type="secondary">{t('restoredFrom', { version: row.restoredFrom })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('changedAt'), dataIndex: 'changedAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: t('changedBy'),
      dataIndex: 'changedBy',
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{t('system')}</Typography.Text>,
    },
    ...(canEdit
      ? [
          {
            key: 'restore',
            render: (_: unknown, row: SettingsVersion) =>
              row.version !== current && (
                <ConfirmAction
                  title={t('confirmRestore', { version: row.version })}
                  description={<div style={{ maxWidth: 320 }}>{t('restoreEffect')}</div>}
                  onConfirm={() => restore(row.version)}
                  okText={t('restore', { version: row.version })}
                >
                  {t('restore', { version: row.version })}
                </ConfirmAction>
              ),
          },
        ]
      : []),
  ];
  return (
    <Drawer title={t('historyOf', { section: title })} open={open} onClose={onClose} size={860} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('historyHelp')}</Typography.Paragraph>
      <ServerTable<SettingsVersion>
        label={t('historyOf', { section: title })}
        queryKey={[...sectionKey(section), 'versions']}
        fetchPage={({ page, size }) => settingsApi.versions(section, page, size)}
        search={false}
        rowKey="version"
        columns={columns}
        emptyText={t('noVersions')}
        tableProps={{
          size: 'small',
          expandable: {
            expandedRowRender: (row) => <VersionDiff section={section} version={row.version} />,
            rowExpandable: (row) => row.version !== current,
          },
        }}
      />
    </Drawer>
  );
}
