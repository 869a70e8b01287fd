import { SelfProfileInput, type SelfProfile } from '@portal/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { toInput } from '../../../components/admin/formValues.ts';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { AvatarField } from './AvatarField.tsx';
import { useBaseInfoT } from './messages.ts';

interface ProfileValues {
  name: string;
  description: string | null;
  avatar: string | null;
}

interface ProfileFormModalProps {
  profile: SelfProfile;
  open: boolean;
  onClose(): void;
  onSave(input: SelfProfileInput): Promise<unknown>;
}

/** Edits what the caller may change here: name, avatar and the text about them. */
export function ProfileFormModal({ profile, open, onClose, onSave }: ProfileFormModalProps) {
  const t = useBaseInfoT();
  return (
    <FormModal<ProfileValues>
      open={open}
      title={t('edit')}
      initialValues={{ name: profile.name, description: profile.description, avatar: profile.avatar }}
      onCancel={onClose}
      onSubmit={(values) => onSave(toInput(values, { nullable: ['description', 'avatar'] }))}
    >
      <Form.Item name="avatar" label={t('avatar')}>
        <AvatarField name={profile.name} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={schemaRules(SelfProfileInput, 'name')}>
        <Input maxLength={100} autoComplete="name" />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={schemaRules(SelfProfileInput, 'description')}>
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
