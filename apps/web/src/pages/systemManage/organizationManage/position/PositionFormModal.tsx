import { PositionInput, type Position } from '@portal/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { toInput } from '../../../../components/admin/formValues.ts';
import { OrgTreeSelect } from '../../../../components/admin/OrgTreeSelect.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useCrudMutations } from '../../../../components/admin/useCrudMutations.ts';
import { POSITIONS_URL, type PositionValues } from './api.ts';
import '../../../../components/admin/messages.ts';

interface PositionFormModalProps {
  editing: Position | 'new' | null;
  /** Organisation preselected for a new position (the list's filter). */
  defaultOrgId?: string | undefined;
  onClose: () => void;
}

/** Create or edit a position; rules mirror PositionInput. */
export function PositionFormModal({ editing, defaultOrgId, onClose }: PositionFormModalProps) {
  const { t } = useTranslation();
  const position = editing === 'new' ? null : editing;
  const { create, update } = useCrudMutations<PositionValues>(POSITIONS_URL, [ADMIN_KEYS.positions, ADMIN_KEYS.orgs]);
  const submit = (values: PositionValues) => {
    const body = toInput(values, { nullable: ['orgId', 'description'] });
    return position ? update.mutateAsync({ id: position.id, body }) : create.mutateAsync(body);
  };
  const initialValues: Partial<PositionValues> = position
    ? { orgId: position.orgId, code: position.code, name: position.name, description: position.description, sort: position.sort }
    : { orgId: defaultOrgId ?? null, sort: 0 };

  return (
    <FormModal<PositionValues>
      open={editing !== null}
      title={position ? t('orgManage.positions.edit', { name: position.name }) : t('orgManage.positions.create')}
      initialValues={initialValues}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('adminKit.name')} rules={schemaRules(PositionInput, 'name')}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="code" label={t('adminKit.code')} rules={schemaRules(PositionInput, 'code')} extra={t('adminKit.codeHint')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="orgId" label={t('adminKit.org')}>
        <OrgTreeSelect />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t('orgManage.positions.sort')}
        rules={[{ type: 'integer', message: t('orgManage.positions.sortInteger') }]}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label={t('adminKit.description')} rules={schemaRules(PositionInput, 'description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
