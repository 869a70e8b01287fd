import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './messages.ts';

/** "Active" or "Disabled" for a record's `actived` flag, plus "Locked" for a locked-out user. */
export function StatusTags({ actived, locked = false }: { actived: boolean; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {actived ? <Tag color="success">{t('adminKit.active')}</Tag> : <Tag color="default">{t('adminKit.disabled')}</Tag>}
      {locked && <Tag color="error">{t('adminKit.locked')}</Tag>}
    </>
  );
}
