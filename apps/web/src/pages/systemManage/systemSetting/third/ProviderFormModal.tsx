import { IdentityProviderInput, NewIdentityProvider, type IdentityProvider } from '@portal/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useThirdT } from './messages.ts';

export interface ProviderValues {
  id: string;
  name: string;
  icon?: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string[];
  enabled: boolean;
}

interface Props {
  /** The provider edited; null: a new one; undefined: closed. */
  editing: IdentityProvider | null | undefined;
  onCancel: () => void;
  onSubmit: (values: ProviderValues) => Promise<unknown>;
}

/** Adds or edits a provider. The secret is write-only: empty on edit keeps the stored one. */
export function ProviderFormModal({ editing, onCancel, onSubmit }: Props) {
  const t = useThirdT();
  const schema = NewIdentityProvider;
  const initialValues: Partial<ProviderValues> = editing
    ? { ...editing, icon: editing.icon ?? undefined, scopes: editing.scopes.filter((scope) => scope !== 'openid') }
    : { scopes: ['profile', 'email'], enabled: true };
  return (
    <FormModal<ProviderValues>
      open={editing !== undefined}
      title={editing ? t('editTitle', { name: editing.name }) : t('addTitle')}
      initialValues={initialValues}
      onCancel={onCancel}
      onSubmit={onSubmit}
    >
      <Form.Item name="id" label={t('field.id')} extra={t('field.idHint')} rules={schemaRules(schema, 'id', true)}>
        <Input disabled={!!editing} maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} rules={schemaRules(IdentityProviderInput, 'name', true)}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="icon" label={t('field.icon')} rules={schemaRules(IdentityProviderInput, 'icon', false)}>
        <Input maxLength={2048} />
      </Form.Item>
      <Form.Item
        name="issuer"
        label={t('field.issuer')}
        extra={t('field.issuerHint')}
        rules={schemaRules(IdentityProviderInput, 'issuer', true)}
      >
        <Input maxLength={2048} placeholder="https://idp.example.com" />
      </Form.Item>
      <Form.Item name="clientId" label={t('field.clientId')} rules={schemaRules(IdentityProviderInput, 'clientId', true)}>
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="clientSecret" label={t('field.clientSecret')} extra={editing?.hasSecret ? t('field.secretKept') : undefined}>
        <Input.Password autoComplete="new-password" maxLength={512} />
      </Form.Item>
      <Form.Item name="scopes" label={t('field.scopes')}>
        <Select mode="tags" tokenSeparators={[' ', ',']} open={false} />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
