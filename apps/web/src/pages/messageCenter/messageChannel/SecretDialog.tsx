import { Alert, Modal, Typography } from 'antd';
import { useChannelT } from './messages.ts';

/** A webhook's signing secret, shown this once (after a create that generated it, or a rotation), to copy. */
export function SecretDialog({ shown, onClose }: { shown: { name: string; secret: string } | null; onClose: () => void }) {
  const t = useChannelT();
  return (
    <Modal
      open={shown !== null}
      title={shown ? t('secretTitle', { name: shown.name }) : ''}
      onCancel={onClose}
      onOk={onClose}
      okText={t('secretDone')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('secretOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph code copyable={{ text: shown?.secret }} data-testid="channel-secret" style={{ wordBreak: 'break-all' }}>
        {shown?.secret}
      </Typography.Paragraph>
    </Modal>
  );
}
