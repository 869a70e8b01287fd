import { Tag } from 'antd';
import { useInboxT } from './messages.ts';

/** How a source is shown: senders name it freely; the portal's own "system" is translated. */
export function useSourceLabel(): (source: string) => string {
  const t = useInboxT();
  return (source) => (source === 'system' ? t('system') : source);
}

export function SourceTag({ source }: { source: string }) {
  return <Tag>{useSourceLabel()(source)}</Tag>;
}

export function StateTag({ state }: { state: 'unread' | 'read' }) {
  const t = useInboxT();
  return state === 'unread' ? <Tag color="processing">{t('unread')}</Tag> : <Tag>{t('read')}</Tag>;
}
