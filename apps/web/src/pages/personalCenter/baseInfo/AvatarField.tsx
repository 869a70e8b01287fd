import { UserOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES } from '@portal/contracts';
import { Avatar, Button, Flex, Typography } from 'antd';
import { ImageUploadButton } from './ImageUploadButton.tsx';
import { useBaseInfoT } from './messages.ts';

/** Avatars are shown small: this is plenty, and keeps the stored data: URL light. */
const AVATAR_SIDE = 400;

interface AvatarFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  name: string;
}

/** Form field of the avatar: shows it, uploads a new one (resized to a JPEG data: URL), or removes it. */
export function AvatarField({ value, onChange, name }: AvatarFieldProps) {
  const t = useBaseInfoT();
  return (
    <Flex gap={16} align="center" wrap>
      <Avatar size={72} src={value || undefined} icon={<UserOutlined />} alt={t('avatarOf', { name })} />
      <Flex vertical gap={4}>
        <Flex gap={8} wrap>
          <ImageUploadButton
            label={t('uploadAvatar')}
            resize={{ maxSide: AVATAR_SIDE, type: 'image/jpeg', limitBytes: IMAGE_MAX_BYTES }}
            onImage={(dataUrl) => onChange?.(dataUrl)}
          />
          {value && (
            <Button danger onClick={() => onChange?.(null)}>
              {t('removeAvatar')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('avatarHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
