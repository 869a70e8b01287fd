import { Badge, Card, Empty, Flex, Menu } from 'antd';
import { useInboxT } from '../../components/inbox/messages.ts';
import { useMessageSources } from '../../components/inbox/SourceSelect.tsx';
import { useSourceLabel } from '../../components/inbox/SourceTag.tsx';

const ALL = '';

/** The message centre's left column: every source of the caller's messages with its unread count, as a filter. */
export function SourceMenu({ value, onChange }: { value: string | undefined; onChange(source: string | undefined): void }) {
  const t = useInboxT();
  const label = useSourceLabel();
  const sources = useMessageSources();
  const list = sources.data ?? [];
  const unread = list.reduce((sum, entry) => sum + entry.unread, 0);
  const item = (key: string, text: string, count: number) => ({
    key,
    label: (
      <Flex justify="space-between" align="center" gap={8}>
        <span>{text}</span>
        <Badge count={count} size="small" overflowCount={999} />
      </Flex>
    ),
  });
  return (
    <Card size="small" title={t('sources')} loading={sources.isLoading}>
      <nav aria-label={t('sourceFilter')}>
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={[value ?? ALL]}
          onClick={({ key }) => onChange(key === ALL ? undefined : key)}
          items={[item(ALL, t('allSources'), unread), ...list.map((entry) => item(entry.source, label(entry.source), entry.unread))]}
        />
        {!sources.isLoading && list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />}
      </nav>
    </Card>
  );
}
