import type { MenuNode, MessageTemplate, NamedReceiver, TemplateReceivers } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, Row, Table, Tag, Typography, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { fetchTemplate, TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';
import { ReceiversModal, useTemplateReceivers } from './ReceiversModal.tsx';
import { TemplateActions } from './TemplateActions.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { sampleText } from './templateValues.ts';
import { ChannelLabel } from './useTemplateColumns.tsx';

const orDash = (value: string | null) => value ?? '—';

function profileOf(template: MessageTemplate, t: TFunction): DescriptionsProps['items'] {
  return [
    { key: 'id', label: t('id'), children: <code>{template.id}</code> },
    { key: 'channel', label: t('channel'), children: <ChannelLabel template={template} /> },
    { key: 'classification', label: t('classification'), children: orDash(template.classificationName) },
    { key: 'format', label: t('format'), children: t(`formats.${template.format}`) },
    { key: 'createdAt', label: t('createdAt'), children: formatTime(template.createdAt) },
    { key: 'updatedAt', label: t('updatedAt'), children: formatTime(template.updatedAt) },
    { key: 'description', label: t('description'), children: orDash(template.description) },
  ];
}

const Source = ({ text }: { text: string }) => (
  <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'monospace', fontSize: 13 }}>{text || '—'}</pre>
);

/** The subject and body as written, and the variables they declare. */
function SourceCard({ template }: { template: MessageTemplate }) {
  const t = useTemplateT();
  return (
    <Card title={t('content')}>
      <Descriptions
        column={1}
        items={[
          { key: 'subject', label: t('subject'), children: <Source text={template.subject} /> },
          { key: 'body', label: t('body'), children: <Source text={template.body} /> },
        ]}
      />
      <Typography.Title level={5}>{t('variables')}</Typography.Title>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={template.variables}
        columns={[
          { key: 'name', title: t('variableName'), dataIndex: 'name', render: (name: string) => <code>{name}</code> },
          { key: 'description', title: t('variableDescription'), dataIndex: 'description', render: (text?: string | null) => text ?? '—' },
          {
            key: 'sample',
            title: t('variableSample'),
            dataIndex: 'sample',
            render: (sample: unknown) => <Source text={sampleText(sample)} />,
          },
        ]}
      />
    </Card>
  );
}

/** The default receivers by kind, with the names the server has (ids where it has none). */
function ReceiversCard({ template, onEdit }: { template: MessageTemplate; onEdit?: () => void }) {
  const t = useTemplateT();
  const receivers = useTemplateReceivers(template.id);
  const kinds: (keyof TemplateReceivers)[] = ['users', 'groups', 'roles', 'organizations'];
  const tagOf = (receiver: NamedReceiver) => (
    <Tag key={receiver.id} title={receiver.id}>
      {receiver.name ?? (
        <>
          <code>{receiver.id}</code> <Typography.Text type="secondary">({t('unnamed')})</Typography.Text>
        </>
      )}
    </Tag>
  );
  return (
    <Card title={t('receivers')} loading={receivers.isLoading} extra={onEdit && <Button onClick={onEdit}>{t('editReceivers')}</Button>}>
      <Typography.Paragraph type="secondary">{t('receiversHint')}</Typography.Paragraph>
      <Descriptions
        column={1}
        items={kinds.map((kind) => ({
          key: kind,
          label: t(kind),
          children: receivers.data?.[kind].length ? (
            <Flex wrap gap={4}>
              {receivers.data[kind].map(tagOf)}
            </Flex>
          ) : (
            t('noReceivers')
          ),
        }))}
      />
    </Card>
  );
}

/** One template: its profile and actions, subject and body, variables, preview with the samples, default receivers. */
export function TemplateDetail({ node, templateId }: { node: MenuNode; templateId: string }) {
  const t = useTemplateT();
  const navigate = useNavigate();
  const canUpdate = useCan(POINTS.messageTemplate.update);
  const canSetReceivers = useCan(POINTS.messageTemplate.receivers);
  const canCreate = useCan(POINTS.messageTemplate.create);
  // The preview call is open to each of these points.
  const canPreview = useCan(POINTS.messageTemplate.preview) || canCreate || canUpdate;
  const [editing, setEditing] = useState(false);
  const [choosingReceivers, setChoosingReceivers] = useState(false);
  const template = useQuery({ queryKey: [...TEMPLATE_KEY, 'detail', templateId], queryFn: () => fetchTemplate(templateId) });

  return (
    <DetailPage
      node={node}
      record={template}
      render={(profile) => ({
        title: profile.name,
        extra: (
          <TemplateActions
            template={profile}
            onReceivers={() => setChoosingReceivers(true)}
            onDeleted={() => void navigate(pagePath(node), { replace: true })}
          />
        ),
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t('profile'),
        profile: profileOf(profile, t),
        sections: (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={canPreview ? 14 : 24}>
              <SourceCard template={profile} />
            </Col>
            {canPreview && (
              <Col xs={24} xl={10}>
                <TemplatePreview
                  input={{ subject: profile.subject, body: profile.body, format: profile.format, variables: profile.variables }}
                />
              </Col>
            )}
            <Col span={24}>
              <ReceiversCard template={profile} onEdit={canSetReceivers ? () => setChoosingReceivers(true) : undefined} />
            </Col>
          </Row>
        ),
        modals: (
          <>
            <TemplateEditor editing={editing ? profile : null} onClose={() => setEditing(false)} />
            <ReceiversModal template={choosingReceivers ? profile : null} onClose={() => setChoosingReceivers(false)} />
          </>
        ),
      })}
    />
  );
}
