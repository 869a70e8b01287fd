import type { InsideMessage } from '@portal/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNoticeOpener } from '../../../app/notifications/useOpenNotice.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { detailPath, pagePath } from '../../../components/admin/pagePaths.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { InboxList } from '../../../components/inbox/InboxList.tsx';
import { MessageView } from '../../../components/inbox/MessageView.tsx';
import { useInboxT } from '../../../components/inbox/messages.ts';
import { SourceSelect } from '../../../components/inbox/SourceSelect.tsx';

/**
 * personalCenter/privateMessages/{all,unread,read}Messages: the caller's inbox filtered by state,
 * or (with detailId) one message, which opening marks read.
 */
export function PrivateMessages({ node, detailId, state }: ConsolePageProps & { state?: InsideMessage['state'] }) {
  const t = useInboxT();
  const navigate = useNavigate();
  const [source, setSource] = useState<string | undefined>();
  const noticeOpener = useNoticeOpener();
  const list = pagePath(node);
  if (detailId) {
    return (
      <AdminPage title={node.title} backTo={list}>
        <MessageView
          id={detailId}
          noticeOpener={noticeOpener}
          onDeleted={() => void navigate(list)}
          notFoundAction={<LinkButton to={list}>{t('back')}</LinkButton>}
        />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={node.title}>
      <Card size="small">
        <InboxList
          label={node.title}
          state={state}
          source={source}
          filters={<SourceSelect value={source} onChange={setSource} />}
          onOpen={(message) => void navigate(detailPath(node, message.id))}
        />
      </Card>
    </AdminPage>
  );
}
