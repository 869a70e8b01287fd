import { Tag, Tooltip } from 'antd';
import { useRoleT } from './messages.ts';

/** The super-administrator role holds everything: it gets a tag, and no delete or permission editing. */
export function SuperAdminTag() {
  const t = useRoleT();
  return (
    <Tooltip title={t('superAdminHint')}>
      <Tag color="gold">{t('superAdmin')}</Tag>
    </Tooltip>
  );
}
