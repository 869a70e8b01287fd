import { IMAGE_MAX_BYTES, type SelfProfile } from '@portal/contracts';
import { Card, Flex, Image, Typography } from 'antd';
import { ImageUploadButton } from './ImageUploadButton.tsx';
import { useBaseInfoT } from './messages.ts';

const SIGNATURE_SIDE = 800;

interface SignatureCardProps {
  profile: SelfProfile;
  saving: boolean;
  onSave(signature: string): Promise<unknown>;
}

/** The caller's handwritten signature, if any, and a way to upload one (stored as a PNG). */
export function SignatureCard({ profile, saving, onSave }: SignatureCardProps) {
  const t = useBaseInfoT();
  return (
    <Card
      title={t('signature')}
      extra={
        <ImageUploadButton
          label={profile.signature ? t('replaceSignature') : t('uploadSignature')}
          resize={{ maxSide: SIGNATURE_SIDE, type: 'image/png', limitBytes: IMAGE_MAX_BYTES }}
          onImage={onSave}
          busy={saving}
        />
      }
    >
      <Flex vertical gap={8}>
        {profile.signature ? (
          <Image src={profile.signature} alt={t('signatureOf', { name: profile.name })} style={{ maxHeight: 120, maxWidth: '100%' }} />
        ) : (
          <Typography.Text type="secondary">{t('noSignature')}</Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('signatureHint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
