import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { userExcelEndpoints, type UserImportMode, type UserImportResult } from '@portal/contracts';
import { Alert, Button, Checkbox, Flex, Modal, Progress, Table, Typography, Upload, type UploadFile } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { downloadFile } from '../../../../components/admin/download.ts';
import { importUsers } from './api.ts';
import { importErrorRows, type ImportErrorRow } from './importErrors.ts';
import '../../../../components/admin/messages.ts';

interface ImportUsersModalProps {
  open: boolean;
  org: { id: string; name: string } | undefined;
  onClose: () => void;
}

type Outcome =
  | { kind: 'done'; result: UserImportResult }
  | { kind: 'rows'; rows: ImportErrorRow[]; message: string }
  | { kind: 'failed'; message: string };

/**
 * Imports users from an .xlsx into the chosen organisation: template download, file choice,
 * upload with progress, then either the count imported or the rows the server refused.
 */
export function ImportUsersModal({ open, org, onClose }: ImportUsersModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [mode, setMode] = useState<UserImportMode>('create');
  const uploading = percent !== null;

  const close = () => {
    setFile(null);
    setOutcome(null);
    setPercent(null);
    setMode('create');
    onClose();
  };

  const upload = async () => {
    const raw = file?.originFileObj;
    if (!org || !raw) return;
    setOutcome(null);
    setPercent(0);
    try {
      const result = await importUsers(org.id, raw, mode, (value) => setPercent(value ?? 0));
      setOutcome({ kind: 'done', result });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    } catch (error) {
      const rows = importErrorRows(error);
      const message = apiErrorOf(error)?.message ?? t('orgManage.users.importFailed');
      setOutcome(rows ? { kind: 'rows', rows, message } : { kind: 'failed', message });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('orgManage.users.importTitle', { org: org?.name ?? '' })}
      onCancel={close}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={close}>
          {t('adminKit.close')}
        </Button>,
        <Button key="import" type="primary" onClick={() => void upload()} disabled={!file} loading={uploading}>
          {t('orgManage.users.importStart')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('orgManage.users.importHelp')}{' '}
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadFile(userExcelEndpoints.template, undefined, { fallbackName: 'users-import-template.xlsx' }).catch(
                () => undefined,
              )
            }
          >
            {t('orgManage.users.downloadTemplate')}
          </Button>
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFile(fileList.at(-1) ?? null);
            setOutcome(null);
          }}
          disabled={uploading}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('orgManage.users.importDrop')}</p>
        </Upload.Dragger>
        <Checkbox
          checked={mode === 'upsert'}
          onChange={(event) => setMode(event.target.checked ? 'upsert' : 'create')}
          disabled={uploading}
        >
          {t('orgManage.users.importUpsert')}
        </Checkbox>
        {uploading && <Progress percent={percent} status="active" aria-label={t('orgManage.users.uploading')} />}
        {outcome?.kind === 'done' && (
          <Alert
            type="success"
            showIcon
            title={t('orgManage.users.importDone', { count: outcome.result.imported, updated: outcome.result.updated })}
            role="status"
          />
        )}
        {outcome?.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} role="alert" />}
        {outcome?.kind === 'rows' && (
          <>
            <Alert type="error" showIcon title={outcome.message} description={t('orgManage.users.importRowsHelp')} role="alert" />
            <Table<ImportErrorRow>
              size="small"
              aria-label={t('orgManage.users.importErrors')}
              rowKey={(row) => `${row.row}-${row.field ?? ''}-${row.message}`}
              dataSource={outcome.rows}
              pagination={outcome.rows.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { title: t('orgManage.users.importRow'), dataIndex: 'row', width: 80 },
                { title: t('orgManage.users.importField'), dataIndex: 'field', width: 140 },
                { title: t('orgManage.users.importProblem'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
