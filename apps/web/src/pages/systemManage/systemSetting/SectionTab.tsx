import type { SettingsSection } from '@portal/contracts';
import { HistoryOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { reloadOpenConfig } from '../../../app/system/openConfig.ts';
import { SettingField } from '../../../components/settings/SettingField.tsx';
import { SettingsForm } from '../../../components/settings/SettingsForm.tsx';
import type { FieldPath, JsonSchema } from '../../../components/settings/settingsSchema.ts';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { useSystemSettingT } from './messages.ts';
import { authProblems, safeProblems, type RuleTexts } from './rules.ts';

interface Props {
  section: SettingsSection;
  schema: JsonSchema;
  fields: readonly FieldPath[];
  /** The tab's title, for the history's. */
  title: string;
  canEdit: boolean;
}

/** The base section changes what every page shows before and after sign-in: this browser takes it at once. */
const followBase = (section: SettingsSection) => (section === 'base' ? reloadOpenConfig : undefined);

/** One section of System settings: its fields, saved as a new version, and its history. */
export function SectionTab({ section, schema, fields, title, canEdit }: Props) {
  const t = useSystemSettingT();
  const [historyOpen, setHistoryOpen] = useState(false);
  const texts: RuleTexts = {
    signInNeedsPassword: t('rules.signInNeedsPassword'),
    classesOverLength: (required, minLength) => t('rules.classesOverLength', { required, minLength }),
  };
  const check = (value: unknown) =>
    section === 'auth' ? authProblems(value as never, texts) : section === 'safe' ? safeProblems(value as never, texts) : [];
  return (
    <>
      <Typography.Paragraph>{t(`intro.${section}`)}</Typography.Paragraph>
      {section === 'base' && (
        <Typography.Paragraph type="secondary">
          {t('elsewhere')} <Link to="/systemManage/systemStyle/loginSetting">{t('loginSetting')}</Link> {t('and')}{' '}
          <Link to="/systemManage/navManage/themeSetting">{t('themeSetting')}</Link>.
        </Typography.Paragraph>
      )}
      <SettingsForm
        section={section}
        schema={schema}
        canEdit={canEdit}
        check={check}
        onSaved={followBase(section)}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('history')}
          </Button>
        }
      >
        {fields.map((path) => (
          <SettingField key={path.join('.')} section={section} schema={schema} path={path} />
        ))}
      </SettingsForm>
      <HistoryDrawer
        section={section}
        title={title}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        canEdit={canEdit}
        onRestored={followBase(section)}
      />
    </>
  );
}
