import type { InsideMessage, NoticeEntry } from '@portal/contracts';
import { Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { apiErrorOf } from '../admin/apiErrors.ts';
import { formatTime } from '../admin/format.ts';
import { DeleteMessageButton } from './DeleteMessageButton.tsx';
import { useInboxT } from './messages.ts';
import { SourceTag } from './SourceTag.tsx';
import { useInboxMutations } from './useInboxMutations.ts';
import { useInsideMessage } from './useInsideMessage.ts';

/**
 * Opens a notice's target. Where a target leads is the shell's knowledge (its applications and
 * routes), so the page hands it in.
 */
export interface NoticeOpener {
  canOpen(notice: readonly NoticeEntry[] | undefined): boolean;
  open(notice: readonly NoticeEntry[] | undefined): Promise<unknown>;
}

interface MessageViewProps {
  id: string;
  noticeOpener: NoticeOpener;
  /** After the message was deleted (e.g. go back to the list). */
  onDeleted(): void;
  /** Shown when the message does not exist (e.g. a link back to the list). */
  notFoundAction?: ReactNode;
}

/** One message, read in full: its details, its text, "Open" for a notice target, and delete. */
export function MessageView({ id, noticeOpener, onDeleted, notFoundAction }: MessageViewProps) {
  const t = useInboxT();
  const message = useInsideMessage(id);
  if (message.isLoading) return <Spin />;
  if (!message.data) {
    if (message.missing) return <Result status="404" title={t('notFound')} extra={notFoundAction} />;
    return (
      <Result
        status="warning"
        title={apiErrorOf(message.error)?.message ?? t('notFound')}
        extra={<Button onClick={() => void message.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <MessageCard message={message.data} noticeOpener={noticeOpener} onDeleted={onDeleted} />;
}

function MessageCard({ message, noticeOpener, onDeleted }: { message: InsideMessage; noticeOpener: NoticeOpener; onDeleted(): void }) {
  const t = useInboxT();
  const canOpen = noticeOpener.canOpen(message.notice);
  const { remove } = useInboxMutations();
  const actions = (
    <>
      {canOpen && (
        <Button type="primary" size="small" onClick={() => void noticeOpener.open(message.notice)}>
          {t('openTarget')}
        </Button>
      )}
      <DeleteMessageButton message={message} onDelete={() => remove.mutateAsync([message.id]).then(onDeleted)} />
    </>
  );
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>
          {message.title}
        </Typography.Title>
      }
      extra={actions}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'source', label: t('source'), children: <SourceTag source={message.source} /> },
          { key: 'sender', label: t('sender'), children: message.senderName ?? t('system') },
          { key: 'at', label: t('receivedAt'), children: <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time> },
          ...(message.readAt ? [{ key: 'readAt', label: t('readAt'), children: formatTime(message.readAt) }] : []),
        ]}
      />
      {canOpen && <Typography.Paragraph type="secondary">{t('openExplain')}</Typography.Paragraph>}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16, marginBottom: 0 }}>
        {message.content || <Typography.Text type="secondary">{t('noContent')}</Typography.Text>}
      </Typography.Paragraph>
    </Card>
  );
}
