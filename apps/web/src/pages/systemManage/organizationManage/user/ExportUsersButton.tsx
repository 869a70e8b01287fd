import { userExcelEndpoints, type QueryOf } from '@portal/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../../components/admin/download.ts';
import { ExportButton } from '../../../../components/admin/ExportButton.tsx';
import '../../../../components/admin/messages.ts';

interface ExportUsersButtonProps {
  org: { id: string; name: string } | undefined;
  /** UserExportQuery: the list's sub-organisation switch. */
  query: QueryOf<typeof userExcelEndpoints.export>;
}

/** Downloads the chosen organisation's users as .xlsx, with a progress bar while it arrives. */
export function ExportUsersButton({ org, query }: ExportUsersButtonProps) {
  const { t } = useTranslation();
  return (
    <ExportButton
      label={t('orgManage.users.export')}
      disabled={!org}
      wrap={(button) => (org ? button : <Tooltip title={t('orgManage.users.chooseOrgFirst')}>{button}</Tooltip>)}
      download={(onProgress) =>
        org
          ? downloadFile(
              userExcelEndpoints.export,
              { params: { orgId: org.id }, query },
              { fallbackName: `${org.name}-users.xlsx`, onProgress },
            )
          : Promise.resolve()
      }
    />
  );
}
