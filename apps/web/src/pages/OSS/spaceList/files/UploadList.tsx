import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Progress, Typography } from 'antd';
import { formatBytes } from './objectKeys.ts';
import { useFileT } from './messages.ts';
import { isFinished, percentOf, queueTotals, type UploadItem } from './uploadQueue.ts';

const STATUS = { done: 'success', failed: 'exception', cancelled: 'normal', uploading: 'active', queued: 'normal' } as const;

interface UploadListProps {
  items: readonly UploadItem[];
  onCancel: (id: number) => void;
  onCancelAll: () => void;
  onClear: () => void;
}

/** The files being uploaded, each with its progress bar and a cancel button; a summary line on top. */
export function UploadList({ items, onCancel, onCancelAll, onClear }: UploadListProps) {
  const t = useFileT();
  if (items.length === 0) return null;
  const totals = queueTotals(items);
  return (
    <Card
      size="small"
      title={t('uploads')}
      extra={
        <Flex gap={8}>
          {totals.active > 0 && (
            <Button size="small" onClick={onCancelAll}>
              {t('cancelAll')}
            </Button>
          )}
          <Button size="small" onClick={onClear} disabled={items.every((item) => !isFinished(item))}>
            {t('clearFinished')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph role="status" style={{ marginBottom: 8 }}>
        {totals.active > 0
          ? t('uploadingSummary', { active: totals.active, loaded: formatBytes(totals.loaded), size: formatBytes(totals.size) })
          : t('finishedSummary', { count: items.filter((item) => item.state === 'done').length, failed: totals.failed })}
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={[...items]}
        rowKey="id"
        style={{ maxHeight: 320, overflowY: 'auto' }}
        renderItem={(item) => (
          <List.Item
            aria-label={item.key}
            actions={
              isFinished(item)
                ? []
                : [
                    <Button
                      key="cancel"
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={t('cancelNamed', { key: item.key })}
                      onClick={() => onCancel(item.id)}
                    />,
                  ]
            }
          >
            <Flex vertical style={{ width: '100%' }}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text ellipsis={{ tooltip: item.key }}>{item.key}</Typography.Text>
                <Typography.Text type={item.state === 'failed' ? 'danger' : 'secondary'}>
                  {item.state === 'failed' ? item.error : t(`states.${item.state}`)}
                </Typography.Text>
              </Flex>
              <Progress
                percent={percentOf(item)}
                size="small"
                status={STATUS[item.state]}
                aria-label={t('progressOf', { key: item.key })}
              />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
