import { UploadOutlined } from '@ant-design/icons';
import { ClassificationInput, classificationEndpoints, type Classification } from '@portal/contracts';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { downloadFile, uploadFile } from '../../../components/admin/download.ts';
import { formatTime } from '../../../components/admin/format.ts';
import { ImportWorkbookModal } from '../../../components/admin/ImportWorkbookModal.tsx';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { CLASSIFICATIONS_KEY } from './api.ts';
import { FORM_TEXTS, useClassificationT } from './messages.ts';
import '../../../components/admin/messages.ts';

/** The import button and its dialog, for holders of the import point. */
function ImportButton() {
  const t = useClassificationT();
  const [open, setOpen] = useState(false);
  if (!useCan(POINTS.classification.import)) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('import')}
      </Button>
      <ImportWorkbookModal
        open={open}
        title={t('importTitle')}
        help={t('importHelp')}
        downloadTemplate={() =>
          downloadFile(classificationEndpoints.template, undefined, { fallbackName: 'classifications-template.xlsx' })
        }
        upload={(file, onProgress) => uploadFile(classificationEndpoints.import, {}, file, onProgress)}
        done={(result) => t('importDone', result)}
        invalidate={[CLASSIFICATIONS_KEY]}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** messageCenter/classifiedManagement: what messages are about; users mute them per channel type. */
export function Component({ node }: ConsolePageProps) {
  const { t } = useTranslation();
  const own = useClassificationT();
  const columns: ColumnsType<Classification> = [
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name', sorter: true },
    { key: 'description', title: t('adminKit.description'), dataIndex: 'description', render: (text: string | null) => text ?? '—' },
    { key: 'sort', title: own('sort'), dataIndex: 'sort', sorter: true, width: 100 },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
  ];
  return (
    <ResourcePage
      node={node}
      endpoints={classificationEndpoints}
      queryKey={CLASSIFICATIONS_KEY}
      texts={FORM_TEXTS}
      points={POINTS.classification}
      extra={<ImportButton />}
      form={{
        schema: ClassificationInput,
        fields: [
          { name: 'code', extra: 'classifiedManagement:codeHint' },
          'name',
          { name: 'sort', label: 'classifiedManagement:sort', extra: 'classifiedManagement:sortHint' },
          'description',
        ],
      }}
      newValues={() => ({ sort: 0 })}
      columns={columns}
    />
  );
}
