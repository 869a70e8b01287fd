import { BaseSettings, DEFAULT_LOGIN_PAGE, systemNameOf } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row, Typography } from 'antd';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { useAppStore } from '../../../../app/store/appStore.ts';
import { reloadOpenConfig } from '../../../../app/system/openConfig.ts';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { SettingField } from '../../../../components/settings/SettingField.tsx';
import { SettingsForm } from '../../../../components/settings/SettingsForm.tsx';
import { sectionQuery } from '../../../../components/settings/settingsApi.ts';
import { draftOf } from './draft.ts';
import { LoginPreview } from './LoginPreview.tsx';
import { useLoginSettingT } from './messages.ts';

/** The page's fields, in the order the page reads: the design, and the logo it shows (the header's too). */
const FIELDS = [
  ['loginPage', 'layout'],
  ['loginPage', 'background'],
  ['logo'],
  ...['title', 'subtitle', 'footer', 'showOptions'].map((name) => ['loginPage', name]),
];
/**
 * systemManage/systemStyle/loginSetting: the sign-in page's design (base settings' loginPage)
 * beside a live preview of the real page's layout with the values as they are typed; saving
 * replaces the base section with this design changed, in force at once.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useLoginSettingT();
  const canEdit = useCan(POINTS.loginSetting.update);
  const [form] = Form.useForm();
  const base = useQuery(sectionQuery('base')).data?.value;
  const signInOptions = useAppStore((state) => state.systemConfig?.signInOptions) ?? ['password'];
  const typed = {
    loginPage: Form.useWatch('loginPage', { form, preserve: true }) as unknown,
    logo: Form.useWatch('logo', { form, preserve: true }) as unknown,
  };
  const draft = base ? draftOf(base, typed) : { loginPage: DEFAULT_LOGIN_PAGE, logo: null };
  return (
    <AdminPage title={node.title || t('title')}>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={10}>
          <SettingsForm section="base" schema={BaseSettings} canEdit={canEdit} form={form} onSaved={reloadOpenConfig}>
            {FIELDS.map((path) => (
              <SettingField key={path.join('.')} section="base" schema={BaseSettings} path={path} />
            ))}
          </SettingsForm>
        </Col>
        <Col xs={24} xl={14}>
          <div style={{ position: 'sticky', top: 16 }}>
            <LoginPreview
              design={draft.loginPage}
              systemName={systemNameOf(base ?? { systemName: null })}
              logo={draft.logo}
              signInOptions={signInOptions}
            />
          </div>
        </Col>
      </Row>
    </AdminPage>
  );
}
