import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { fetchSources, INBOX_KEYS } from './insideMessages.ts';
import { useInboxT } from './messages.ts';
import { useSourceLabel } from './SourceTag.tsx';

/** GET /v1/inside-messages/sources, shared by the source filters and the message centre's source list. */
export const useMessageSources = () => useQuery({ queryKey: INBOX_KEYS.sources, queryFn: fetchSources });

/** "All sources" or one source of the caller's messages, each with its unread count. */
export function SourceSelect({ value, onChange }: { value: string | undefined; onChange(source: string | undefined): void }) {
  const t = useInboxT();
  const sources = useMessageSources();
  const label = useSourceLabel();
  return (
    <Select<string>
      aria-label={t('sourceFilter')}
      style={{ minWidth: 180 }}
      loading={sources.isLoading}
      value={value ?? ''}
      onChange={(next) => onChange(next || undefined)}
      options={[
        { value: '', label: t('allSources') },
        ...(sources.data ?? []).map((entry) => ({
          value: entry.source,
          label: entry.unread > 0 ? `${label(entry.source)} (${entry.unread})` : label(entry.source),
        })),
      ]}
    />
  );
}
