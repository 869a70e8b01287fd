import { OrganizationInput } from '@portal/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { toInput } from '../../../../components/admin/formValues.ts';
import type { OrgNode } from '../../../../components/admin/orgTree.ts';
import { OrgTreeSelect } from '../../../../components/admin/OrgTreeSelect.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { createOrg, updateOrg, type OrgValues } from './api.ts';
import '../../../../components/admin/messages.ts';

/** Closed, creating under a parent (null: a new root), or editing an organisation. */
export type OrgEditing = null | { kind: 'create'; parentId: string | null } | { kind: 'edit'; org: OrgNode };

/** Create or edit an organisation; moving it happens by dragging in the tree. */
export function OrgFormModal({ editing, onClose }: { editing: OrgEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const org = editing?.kind === 'edit' ? editing.org : null;
  const save = useInvalidatingMutation(
    (values: OrgValues) => {
      const body = toInput(values, { nullable: ['description', 'parentId'] });
      // The parent is not edited here; sending the current one keeps it.
      return org ? updateOrg(org.id, { ...body, parentId: org.parentId }) : createOrg(body);
    },
    { invalidate: [ADMIN_KEYS.orgTree, ADMIN_KEYS.orgs], success: org ? t('adminKit.saved') : t('adminKit.created') },
  );
  const initialValues: Partial<OrgValues> = org
    ? { name: org.name, code: org.code, description: org.description }
    : { parentId: editing?.kind === 'create' ? editing.parentId : null };

  return (
    <FormModal<OrgValues>
      open={editing !== null}
      title={org ? t('orgManage.orgs.edit', { name: org.name }) : t('orgManage.orgs.create')}
      initialValues={initialValues}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
    >
      {!org && (
        <Form.Item name="parentId" label={t('orgManage.orgs.parent')} extra={t('orgManage.orgs.parentHint')}>
          <OrgTreeSelect placeholder={t('orgManage.orgs.noParent')} />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('adminKit.name')} rules={schemaRules(OrganizationInput, 'name')}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="code" label={t('adminKit.code')} rules={schemaRules(OrganizationInput, 'code')} extra={t('adminKit.codeHint')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('adminKit.description')} rules={schemaRules(OrganizationInput, 'description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
