import { DownOutlined, ImportOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { ImportWorkbookModal } from '../../../../components/admin/ImportWorkbookModal.tsx';
import { FileRefusedError } from '../../../../components/admin/importErrors.ts';
import type { DomApi } from './api.ts';
import { domTreeKey } from './api.ts';
import { ImportFileError, importRowsOfJson } from './domValues.ts';
import { useResourcesT } from './messages.ts';

type Kind = 'excel' | 'json';

/**
 * Import of resources from an .xlsx (with its template) or a JSON file: all rows or none, the rows
 * the server refused listed by number and field.
 */
export function ImportResources({ applicationId, api }: { applicationId: string; api: DomApi }) {
  const t = useResourcesT();
  const [open, setOpen] = useState<Kind | null>(null);
  const common = {
    invalidate: [domTreeKey(applicationId)],
    done: (result: { added: number; updated: number }) => t('imported', result),
    onClose: () => setOpen(null),
  };
  const importJson = async (file: File) => {
    const text = await file.text();
    try {
      return await api.importRows(importRowsOfJson(text));
    } catch (error) {
      if (error instanceof ImportFileError) throw new FileRefusedError(t(error.reason === 'notJson' ? 'jsonNotJson' : 'jsonNoRows'));
      throw error;
    }
  };
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'excel', label: t('importExcel') },
            { key: 'json', label: t('importJson') },
          ],
          onClick: ({ key }) => setOpen(key as Kind),
        }}
      >
        <Button icon={<ImportOutlined />}>
          {t('import')} <DownOutlined />
        </Button>
      </Dropdown>
      <ImportWorkbookModal
        {...common}
        open={open === 'excel'}
        title={t('importExcelTitle')}
        help={t('importExcelHelp')}
        downloadTemplate={api.template}
        upload={api.importExcel}
      />
      <ImportWorkbookModal
        {...common}
        open={open === 'json'}
        title={t('importJsonTitle')}
        help={t('importJsonHelp')}
        accept={{ types: '.json,application/json', drop: t('jsonDrop') }}
        upload={importJson}
      />
    </>
  );
}
