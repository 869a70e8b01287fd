import type { SettingsSection } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { ValueDiff } from '../../../components/diff/ValueDiff.tsx';
import { sectionQuery, versionQuery } from '../../../components/settings/settingsApi.ts';
import { useSystemSettingT } from './messages.ts';

/** One past version of a section against the current value, field by field. */
export function VersionDiff({ section, version }: { section: SettingsSection; version: number }) {
  const t = useSystemSettingT();
  const past = useQuery(versionQuery(section, version));
  const current = useQuery(sectionQuery(section));
  if (past.isError || current.isError) return <Alert type="warning" showIcon title={t('loadFailed')} />;
  if (!past.data || !current.data) return <Spin size="small" />;
  return (
    <ValueDiff
      before={past.data.value}
      after={current.data.value}
      label={t('compareTitle', { version })}
      beforeTitle={t('thisVersion', { version })}
      afterTitle={t('currentValue', { version: current.data.version })}
    />
  );
}
