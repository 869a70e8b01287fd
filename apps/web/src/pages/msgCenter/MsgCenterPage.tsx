import type { InsideMessage } from '@portal/contracts';
import { Card, Col, Row, Segmented, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNoticeOpener } from '../../app/notifications/useOpenNotice.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { InboxList } from '../../components/inbox/InboxList.tsx';
import { MessageView } from '../../components/inbox/MessageView.tsx';
import { useInboxT } from '../../components/inbox/messages.ts';
import { SourceMenu } from './SourceMenu.tsx';

type StateChoice = 'all' | InsideMessage['state'];

/** The search parameter naming the open message, so a message can be linked to (the bell does). */
const MESSAGE_PARAM = 'message';

/**
 * /msgCenter: the caller's message centre. Sources with unread counts filter the list on the left;
 * the list (state filter, search, bulk actions) sits beside the open message.
 */
export function Component() {
  const t = useInboxT();
  const [params, setParams] = useSearchParams();
  const openId = params.get(MESSAGE_PARAM) ?? undefined;
  const [source, setSource] = useState<string | undefined>();
  const [state, setState] = useState<StateChoice>('all');
  const unread = useAppStore((s) => s.messageNotification.unread);
  const pane = useRef<HTMLDivElement>(null);
  const noticeOpener = useNoticeOpener();
  // Below the widest layout the message opens under the list: bring it into view.
  useEffect(() => {
    if (openId) pane.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);

  const select = (id: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(MESSAGE_PARAM, id);
      else next.delete(MESSAGE_PARAM);
      return next;
    });

  const stateFilter = (
    <Segmented<StateChoice>
      aria-label={t('stateFilter')}
      value={state}
      onChange={setState}
      options={[
        { value: 'all', label: t('all') },
        { value: 'unread', label: t('unread') },
        { value: 'read', label: t('read') },
      ]}
    />
  );

  return (
    <AdminPage title={t('centreTitle')} extra={<Typography.Text type="secondary">{t('unreadTotal', { count: unread })}</Typography.Text>}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6} xxl={4}>
          <SourceMenu value={source} onChange={setSource} />
        </Col>
        <Col xs={24} lg={18} xxl={20}>
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={openId ? 13 : 24}>
              <Card size="small">
                <InboxList
                  label={t('messages')}
                  state={state === 'all' ? undefined : state}
                  source={source}
                  filters={stateFilter}
                  activeId={openId}
                  onOpen={(message) => select(message.id)}
                />
              </Card>
            </Col>
            {openId && (
              <Col xs={24} xxl={11} ref={pane}>
                <MessageView key={openId} id={openId} noticeOpener={noticeOpener} onDeleted={() => select(undefined)} />
              </Col>
            )}
          </Row>
        </Col>
      </Row>
    </AdminPage>
  );
}
