import type { AccessKeyWithSecret } from '@portal/contracts';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useOssKeysT } from './messages.ts';

/**
 * The secret of a key just made or rotated: the only time the browser ever holds it. The dialog
 * closes only through its "I have stored it" button (no ×, no Escape, no click outside), and the
 * secret is dropped from memory when it does.
 */
export function SecretModal({ issued, onClose }: { issued: AccessKeyWithSecret | null; onClose: () => void }) {
  const t = useOssKeysT();
  const copyable = { tooltips: [t('copy'), t('copied')] as [string, string] };
  return (
    <Modal
      open={issued !== null}
      title={t('secretTitle')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          {t('stored')}
        </Button>
      }
    >
      {issued && (
        <>
          <Alert type="warning" showIcon title={t('secretWarning')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('accessKeyId')}>
              <Typography.Text code copyable={{ ...copyable, text: issued.accessKeyId }} data-testid="issued-key-id">
                {issued.accessKeyId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secretAccessKey')}>
              <Typography.Text code copyable={{ ...copyable, text: issued.secretAccessKey }} data-testid="issued-secret">
                {issued.secretAccessKey}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
