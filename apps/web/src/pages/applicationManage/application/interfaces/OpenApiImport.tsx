import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { importOpenApi, interfacesKey } from './api.ts';
import { useInterfacesT } from './messages.ts';

/** What the last import came to: shown by the card holding the button. */
export interface ImportOutcome {
  type: 'success' | 'error';
  text: string;
}

/** Reads the chosen file as an OpenAPI document, or undefined when it is no JSON object with `openapi` and `paths`. */
async function readDocument(file: File): Promise<{ openapi: string; paths: Record<string, unknown> } | undefined> {
  try {
    const parsed: unknown = JSON.parse(await file.text());
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { openapi, paths } = parsed as Record<string, unknown>;
    return typeof openapi === 'string' && typeof paths === 'object' && paths !== null
      ? { ...(parsed as object), openapi, paths: paths as Record<string, unknown> }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Imports an OpenAPI 3 JSON file as the application's external APIs (all or none), then says how many were added and updated. */
export function OpenApiImport({ applicationId, onOutcome }: { applicationId: string; onOutcome: (outcome: ImportOutcome | null) => void }) {
  const t = useInterfacesT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (file: File) => {
    onOutcome(null);
    const document = await readDocument(file);
    if (!document) return onOutcome({ type: 'error', text: t('apis.notJson') });
    setBusy(true);
    try {
      const result = await importOpenApi(applicationId, document);
      onOutcome({ type: 'success', text: t('apis.imported', result) });
      await queryClient.invalidateQueries({ queryKey: interfacesKey(applicationId) });
    } catch (error) {
      onOutcome({ type: 'error', text: apiErrorOf(error)?.message ?? t('apis.notJson') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept=".json,application/json"
      showUploadList={false}
      beforeUpload={(file) => {
        void run(file);
        return false;
      }}
    >
      <Tooltip title={t('apis.importHelp')}>
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('apis.import')}
        </Button>
      </Tooltip>
    </Upload>
  );
}
