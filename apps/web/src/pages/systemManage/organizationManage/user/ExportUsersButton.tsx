import { ExportOutlined } from '@ant-design/icons';
import { userExcelEndpoints, type QueryOf } from '@portal/contracts';
import { Button, Flex, Progress, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../../components/admin/download.ts';
import '../../../../components/admin/messages.ts';

interface ExportUsersButtonProps {
  org: { id: string; name: string } | undefined;
  /** UserExportQuery: the list's sub-organisation switch. */
  query: QueryOf<typeof userExcelEndpoints.export>;
}

/** Downloads the chosen organisation's users as .xlsx, with a progress bar while it arrives. */
export function ExportUsersButton({ org, query }: ExportUsersButtonProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ percent: number | undefined; loaded: number } | null>(null);

  const start = async () => {
    if (!org) return;
    setProgress({ percent: 0, loaded: 0 });
    try {
      await downloadFile(
        userExcelEndpoints.export,
        { params: { orgId: org.id }, query },
        {
          fallbackName: `${org.name}-users.xlsx`,
          onProgress: (percent, loaded) => setProgress({ percent, loaded }),
        },
      );
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setProgress(null);
    }
  };

  const button = (
    <Button icon={<ExportOutlined />} disabled={!org} loading={progress !== null} onClick={() => void start()}>
      {t('orgManage.users.export')}
    </Button>
  );
  return (
    <Flex align="center" gap={8}>
      {org ? button : <Tooltip title={t('orgManage.users.chooseOrgFirst')}>{button}</Tooltip>}
      {progress &&
        (progress.percent === undefined ? (
          <Typography.Text type="secondary" role="status">
            {t('orgManage.users.downloaded', { kb: Math.round(progress.loaded / 1024) })}
          </Typography.Text>
        ) : (
          <Progress percent={progress.percent} size="small" style={{ width: 120 }} aria-label={t('orgManage.users.exporting')} />
        ))}
    </Flex>
  );
}
