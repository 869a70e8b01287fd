import { BaseSettings } from '@portal/contracts';
import { Typography } from 'antd';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { reloadOpenConfig } from '../../../../app/system/openConfig.ts';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { SettingField } from '../../../../components/settings/SettingField.tsx';
import { SettingsForm } from '../../../../components/settings/SettingsForm.tsx';
import { useThemeSettingT } from './messages.ts';

/**
 * systemManage/navManage/themeSetting: the default look (light or dark, brand colour) and layout
 * (menu position and sizes) of the base settings, for users who have not chosen their own.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useThemeSettingT();
  const canEdit = useCan(POINTS.themeSetting.update);
  return (
    <AdminPage title={node.title || t('title')}>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <SettingsForm section="base" schema={BaseSettings} canEdit={canEdit} onSaved={reloadOpenConfig}>
        <SettingField section="base" schema={BaseSettings} path={['defaultTheme']} />
        <SettingField section="base" schema={BaseSettings} path={['defaultLayout']} />
      </SettingsForm>
    </AdminPage>
  );
}
