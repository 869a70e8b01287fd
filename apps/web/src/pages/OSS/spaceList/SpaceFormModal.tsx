import { BUCKET_POLICIES, BucketCreate, type Bucket, type BucketPolicy } from '@portal/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from './api.ts';
import { useSpaceT } from './messages.ts';
import { LimitFields, limitsOf } from './settings/LimitFields.tsx';

interface SpaceValues {
  name: string;
  policy: BucketPolicy;
  quotaBytes?: number | null;
  quotaObjects?: number | null;
  maxUploadBytes?: number | null;
}

/** The policy choice, shared by the create form and the settings tab. */
export function PolicySelect(props: { id?: string; value?: BucketPolicy; onChange?: (policy: BucketPolicy) => void }) {
  const t = useSpaceT();
  return <Select<BucketPolicy> {...props} options={BUCKET_POLICIES.map((policy) => ({ value: policy, label: t(`policies.${policy}`) }))} />;
}

/** Creates a space: its name (S3's rules, shown), policy and limits. Opens the new space on success. */
export function SpaceFormModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (space: Bucket) => void }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  const create = useInvalidatingMutation(
    (values: SpaceValues) => spaceApi.create({ name: values.name.trim(), policy: values.policy, ...limitsOf(values) }),
    {
      invalidate: [spaceKeys.all],
      success: kit('adminKit.created'),
    },
  );
  return (
    <FormModal<SpaceValues>
      open={open}
      title={t('create')}
      okText={t('createOk')}
      initialValues={{ policy: 'private' }}
      onCancel={onClose}
      onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
    >
      <Form.Item
        name="name"
        label={t('name')}
        extra={t('nameRules')}
        rules={schemaRules(BucketCreate, 'name', true, { pattern: t('nameInvalid') })}
      >
        <Input autoFocus autoComplete="off" maxLength={63} />
      </Form.Item>
      <Form.Item name="policy" label={t('policy')} extra={t('policyHint')}>
        <PolicySelect />
      </Form.Item>
      <LimitFields />
    </FormModal>
  );
}
