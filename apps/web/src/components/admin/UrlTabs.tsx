import { Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';

type TabItem = NonNullable<TabsProps['items']>[number];

/**
 * antd Tabs whose chosen tab is kept in the address (`?tab=`), so a reload or coming Back to the
 * page opens it again; a missing or unknown one opens the first tab. Switching replaces the entry
 * rather than adding one, so Back leaves the page instead of walking its tabs.
 */
export function UrlTabs({ items, label }: { items: TabItem[]; label?: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active = items.some((item) => item.key === asked) ? (asked ?? undefined) : items[0]?.key;
  return (
    <Tabs
      aria-label={label}
      activeKey={active}
      destroyOnHidden
      items={items}
      onChange={(key) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('tab', key);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
