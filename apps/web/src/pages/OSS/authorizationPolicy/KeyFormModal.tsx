import type { AccessKeyView, AccessKeyWithSecret } from '@portal/contracts';
import { Form, Input } from 'antd';
import { UserSelect } from '../../../components/admin/pickers.tsx';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { keyApi, type KeyScope } from './api.ts';
import { useOssKeysT } from './messages.ts';
import { fromPolicy, NEW_POLICY, toPolicy, type PolicyFormValues } from './policyForm.ts';
import { PolicyFields } from './PolicyFields.tsx';

interface KeyFormValues extends PolicyFormValues {
  name: string;
  ownerId?: string | null;
}

const nameOf = (values: KeyFormValues) => values.name.trim() || null;

interface KeyFormModalProps {
  scope: KeyScope;
  /** The key edited; null for a new one; undefined when closed. */
  editing: AccessKeyView | null | undefined;
  onClose: () => void;
  /** A new key was made: its secret, to show once. */
  onIssued: (issued: AccessKeyWithSecret) => void;
  /** A change was saved (reload the lists). */
  onSaved: () => Promise<unknown>;
}

/** Creates a key (its secret goes to onIssued) or edits one's name and policy. */
export function KeyFormModal({ scope, editing, onClose, onIssued, onSaved }: KeyFormModalProps) {
  const t = useOssKeysT();
  const initialValues: KeyFormValues = editing ? { name: editing.name ?? '', ...fromPolicy(editing.policy) } : { name: '', ...NEW_POLICY };
  const submit = async (values: KeyFormValues) => {
    const body = { name: nameOf(values), policy: toPolicy(values) };
    if (editing) await keyApi.update(scope, editing.accessKeyId, body);
    else onIssued(await keyApi.create(scope, { ...body, ownerId: values.ownerId ?? undefined }));
    await onSaved();
  };
  return (
    <FormModal<KeyFormValues>
      open={editing !== undefined}
      title={editing ? t('editTitle', { id: editing.accessKeyId }) : t('createTitle')}
      width={720}
      initialValues={initialValues}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('name')} rules={[{ max: 100 }]}>
        <Input autoFocus />
      </Form.Item>
      {scope === 'every' && !editing && (
        <Form.Item name="ownerId" label={t('keyOwner')}>
          <UserSelect allowClear />
        </Form.Item>
      )}
      <PolicyFields />
    </FormModal>
  );
}
