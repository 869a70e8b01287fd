import type { Application, ApplicationClient, IssuedClientSecret } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Modal, Popconfirm, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../access/useCan.ts';
import { POINTS } from '../../../access/points.ts';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { APPLICATION_KEY, fetchClients, registerClient, removeClient, rotateClientSecret } from './api.ts';
import { useAppT } from './messages.ts';

interface WebClientValues {
  confidential: boolean;
  redirectUris: string;
  postLogoutRedirectUris?: string;
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The application's OAuth clients (issue 14): a web client its users sign in through by OpenID
 * Connect, a machine client it calls with on its own. A secret is shown once, in the answer that
 * issued it; the list never has it.
 */
export function ApplicationClients({ application }: { application: Application }) {
  const t = useAppT();
  const canManage = useCan(POINTS.application.clients);
  const queryKey = [...APPLICATION_KEY, 'clients', application.id];
  const clients = useQuery({ queryKey, queryFn: () => fetchClients(application.id) });
  const [secret, setSecret] = useState<string | null>(null);
  const [addingWeb, setAddingWeb] = useState(false);
  const shown = (issued: IssuedClientSecret) => setSecret(issued.clientSecret);
  const options = { invalidate: [queryKey] };
  const register = useInvalidatingMutation((body: Parameters<typeof registerClient>[1]) => registerClient(application.id, body), options);
  const rotate = useInvalidatingMutation((clientId: string) => rotateClientSecret(application.id, clientId), options);
  const remove = useInvalidatingMutation((clientId: string) => removeClient(application.id, clientId), options);
  const has = (kind: ApplicationClient['kind']) => (clients.data ?? []).some((client) => client.kind === kind);

  const extra = canManage && (
    <Flex gap={8}>
      {!has('web') && <Button onClick={() => setAddingWeb(true)}>{t('clients.addWeb')}</Button>}
      {!has('machine') && (
        <Button onClick={() => void register.mutateAsync({ kind: 'machine' }).then(shown)} loading={register.isPending}>
          {t('clients.addMachine')}
        </Button>
      )}
    </Flex>
  );

  const card = (client: ApplicationClient) => (
    <Card
      key={client.clientId}
      type="inner"
      title={t(`clients.${client.kind}`)}
      extra={
        canManage && (
          <Flex gap={8}>
            {client.confidential && (
              <Popconfirm title={t('clients.confirmRotate')} onConfirm={() => rotate.mutateAsync(client.clientId).then(shown)}>
                <Button size="small">{t('clients.rotate')}</Button>
              </Popconfirm>
            )}
            <Popconfirm title={t('clients.confirmRemove')} onConfirm={() => remove.mutateAsync(client.clientId)}>
              <Button size="small" danger>
                {t('clients.remove')}
              </Button>
            </Popconfirm>
          </Flex>
        )
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'id', label: t('clients.clientId'), children: <Typography.Text copyable>{client.clientId}</Typography.Text> },
          {
            key: 'type',
            label: t('clients.confidential'),
            children: client.confidential ? t('clients.confidential') : t('clients.publicClient'),
          },
          { key: 'grants', label: t('clients.grantTypes'), children: client.grantTypes.join(', ') },
          ...(client.kind === 'web'
            ? [
                { key: 'redirect', label: t('clients.redirectUris'), children: client.redirectUris.join('\n') },
                { key: 'logout', label: t('clients.postLogoutRedirectUris'), children: client.postLogoutRedirectUris.join('\n') || '—' },
              ]
            : []),
        ]}
      />
    </Card>
  );

  return (
    <Card title={t('clients.title')} extra={extra}>
      {clients.isLoading ? (
        <Skeleton active />
      ) : clients.isError ? (
        <Alert type="error" showIcon title={t('menuFailed')} />
      ) : (clients.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clients.none')} />
      ) : (
        <Flex vertical gap={12}>
          {(clients.data ?? []).map(card)}
        </Flex>
      )}
      <FormModal<WebClientValues>
        open={addingWeb}
        title={t('clients.addWeb')}
        initialValues={{ confidential: true }}
        onCancel={() => setAddingWeb(false)}
        onSubmit={(values) =>
          register
            .mutateAsync({
              kind: 'web',
              confidential: values.confidential,
              redirectUris: lines(values.redirectUris),
              postLogoutRedirectUris: lines(values.postLogoutRedirectUris),
            })
            .then((issued) => {
              setAddingWeb(false);
              if (issued.clientSecret) shown(issued);
            })
        }
      >
        <Form.Item name="confidential" label={t('clients.confidential')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="redirectUris" label={t('clients.redirectUris')} extra={t('clients.urisHint')} rules={[{ required: true }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="postLogoutRedirectUris" label={t('clients.postLogoutRedirectUris')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormModal>
      <Modal
        open={secret !== null}
        title={t('clients.secretTitle')}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        footer={null}
      >
        <Alert type="warning" showIcon title={t('clients.secretOnce')} />
        <Typography.Paragraph copyable code style={{ marginTop: 12 }}>
          {secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
