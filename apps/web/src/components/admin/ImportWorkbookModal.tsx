import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from './apiErrors.ts';
import { FileRefusedError, importErrorRows, type ImportErrorRow } from './importErrors.ts';
import './messages.ts';

export interface ImportWorkbookModalProps<Result> {
  open: boolean;
  title: string;
  /** What to put in the file, shown above the template link. */
  help: string;
  /** Downloads the template (errors are the caller's to report, or ignored); no link without it. */
  downloadTemplate?: () => Promise<void>;
  /** The file types offered (default: .xlsx) and the drop zone's line for them. */
  accept?: { types: string; drop: string };
  /** Uploads the chosen file, reporting 0–100 (or undefined when the size is unknown). */
  upload: (file: File, onProgress: (percent: number | undefined) => void) => Promise<Result>;
  /** The success line for the server's answer. */
  done: (result: Result) => string;
  /** Lists a successful import changes. */
  invalidate: readonly QueryKey[];
  /** Options of the import (a mode checkbox…), below the file; disabled while uploading is up to them. */
  options?: (uploading: boolean) => ReactNode;
  onClose: () => void;
}

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Outcome<Result> =
  { kind: 'done'; result: Result } | { kind: 'rows'; rows: ImportErrorRow[]; message: string } | { kind: 'failed'; message: string };

/**
 * Imports a file (an .xlsx workbook unless `accept` says otherwise): template download, file choice, upload with progress, then either
 * the server's success line or the rows it refused (a 400 whose `details.rows` lists them) as a table.
 */
export function ImportWorkbookModal<Result>(props: ImportWorkbookModalProps<Result>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome<Result> | null>(null);
  const uploading = percent !== null;

  const close = () => {
    setFile(null);
    setOutcome(null);
    setPercent(null);
    props.onClose();
  };

  const upload = async () => {
    const raw = file?.originFileObj;
    if (!raw) return;
    setOutcome(null);
    setPercent(0);
    try {
      const result = await props.upload(raw, (value) => setPercent(value ?? 0));
      setOutcome({ kind: 'done', result });
      await Promise.all(props.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      const rows = importErrorRows(error);
      const message =
        error instanceof FileRefusedError ? error.message : (apiErrorOf(error)?.message ?? t('adminKit.workbookImport.failed'));
      setOutcome(rows ? { kind: 'rows', rows, message } : { kind: 'failed', message });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={close}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={close}>
          {t('adminKit.close')}
        </Button>,
        <Button key="import" type="primary" onClick={() => void upload()} disabled={!file} loading={uploading}>
          {t('adminKit.workbookImport.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {props.help}{' '}
          {props.downloadTemplate && (
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void props.downloadTemplate?.().catch(() => undefined)}>
              {t('adminKit.workbookImport.downloadTemplate')}
            </Button>
          )}
        </Typography.Paragraph>
        <Upload.Dragger
          accept={props.accept?.types ?? XLSX_TYPES}
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
          <p>{props.accept?.drop ?? t('adminKit.workbookImport.drop')}</p>
        </Upload.Dragger>
        {props.options?.(uploading)}
        {uploading && <Progress percent={percent} status="active" aria-label={t('adminKit.workbookImport.uploading')} />}
        {outcome?.kind === 'done' && <Alert type="success" showIcon title={props.done(outcome.result)} role="status" />}
        {outcome?.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} role="alert" />}
        {outcome?.kind === 'rows' && (
          <>
            <Alert type="error" showIcon title={outcome.message} description={t('adminKit.workbookImport.rowsHelp')} role="alert" />
            <Table<ImportErrorRow>
              size="small"
              aria-label={t('adminKit.workbookImport.errors')}
              rowKey={(row) => `${row.row}-${row.field ?? ''}-${row.message}`}
              dataSource={outcome.rows}
              pagination={outcome.rows.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { title: t('adminKit.workbookImport.row'), dataIndex: 'row', width: 80 },
                { title: t('adminKit.workbookImport.field'), dataIndex: 'field', width: 140 },
                { title: t('adminKit.workbookImport.problem'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
