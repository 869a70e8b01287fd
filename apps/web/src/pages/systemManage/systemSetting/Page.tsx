import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../access/useCan.ts';
import { POINTS } from '../../../access/points.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { useSystemSettingT } from './messages.ts';
import { SectionTab } from './SectionTab.tsx';
import { ThirdPartySettings } from './third/ThirdPartySettings.tsx';
import { SECTION_TABS } from './sections.ts';

const THIRD_TAB = 'third';

/**
 * systemManage/systemSetting: the product's settings in tabs (basic, sign-in and sessions,
 * security), each field explained and checked as the server checks it, saved as a new version;
 * each section's history compares a past version with the current one and restores it. The
 * identity providers' tab shows to those holding its point.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useSystemSettingT();
  const canEdit = useCan(POINTS.systemSetting.update);
  const canManageThird = useCan(POINTS.systemSetting.third);
  const [params, setParams] = useSearchParams();
  const tabs = [
    ...SECTION_TABS.map(({ section, schema, fields }) => ({
      key: section,
      label: t(`tabs.${section}`),
      children: <SectionTab section={section} schema={schema} fields={fields} title={t(`tabs.${section}`)} canEdit={canEdit} />,
    })),
    ...(canManageThird ? [{ key: THIRD_TAB, label: t(`tabs.${THIRD_TAB}`), children: <ThirdPartySettings /> }] : []),
  ];
  const tab = params.get('tab');
  return (
    <AdminPage title={node.title || t('title')}>
      <Tabs
        activeKey={tabs.some(({ key }) => key === tab) ? (tab ?? undefined) : 'base'}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={tabs}
      />
    </AdminPage>
  );
}
