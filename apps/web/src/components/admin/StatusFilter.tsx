import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListFilter } from '../resource/types.ts';
import './messages.ts';

export type StatusChoice = 'all' | 'active' | 'disabled';

/** The `actived` query parameter for a status choice (undefined: not sent). */
export const activedParam = (choice: StatusChoice): boolean | undefined => (choice === 'all' ? undefined : choice === 'active');

/** "All / Active / Disabled" filter for lists with an `actived` flag. */
export function StatusFilter({ value, onChange }: { value: StatusChoice; onChange: (choice: StatusChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Select<StatusChoice>
      aria-label={t('adminKit.status')}
      value={value}
      onChange={onChange}
      style={{ width: 140 }}
      options={[
        { value: 'all', label: t('adminKit.allStatuses') },
        { value: 'active', label: t('adminKit.active') },
        { value: 'disabled', label: t('adminKit.disabled') },
      ]}
    />
  );
}

/** The status filter as a resource page's list filter (sends `actived` unless "All"). */
export const statusFilter: ListFilter<StatusChoice, { actived?: boolean }> = {
  initial: 'all',
  query: (choice) => ({ actived: activedParam(choice) }),
  render: (choice, onChange) => <StatusFilter value={choice} onChange={onChange} />,
};
