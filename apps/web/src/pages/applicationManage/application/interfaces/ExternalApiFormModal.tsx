import { EXTERNAL_API_METHODS, ExternalApiInput, type ExternalApi } from '@portal/contracts';
import { Form, Input, Select } from 'antd';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { toInput } from '../../../../components/admin/formValues.ts';
import { schemaRules, type ObjectSchema } from '../../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { createExternalApi, interfacesKey, updateExternalApi } from './api.ts';
import { useInterfacesT } from './messages.ts';

/** The fields the form edits (the OpenAPI parameters, request body and responses are no form fields). */
const FIELDS: ObjectSchema = {
  properties: {
    path: ExternalApiInput.properties.path,
    summary: ExternalApiInput.properties.summary,
    description: ExternalApiInput.properties.description,
  },
  required: ['path'],
};

type Values = Pick<ExternalApiInput, 'method' | 'path' | 'summary' | 'description' | 'tags'>;

interface ExternalApiFormModalProps {
  applicationId: string;
  /** 'new': add one; an API: edit it; null: closed. */
  editing: ExternalApi | 'new' | null;
  onClose: () => void;
}

/** Adds or edits an external API; an edit keeps the parameters, request body and responses an OpenAPI import gave it. */
export function ExternalApiFormModal({ applicationId, editing, onClose }: ExternalApiFormModalProps) {
  const t = useInterfacesT();
  const existing = editing === 'new' ? null : editing;
  const save = useInvalidatingMutation(
    (values: Values) => {
      const body: ExternalApiInput = { ...toInput(values, { nullable: ['summary', 'description'] }), tags: values.tags ?? [] };
      return existing
        ? updateExternalApi(applicationId, existing.id, {
            ...body,
            parameters: existing.parameters,
            requestBody: existing.requestBody,
            responses: existing.responses,
          })
        : createExternalApi(applicationId, body);
    },
    { invalidate: [interfacesKey(applicationId)] },
  );
  return (
    // A form of its own per API: a reused one kept the previous API's values.
    <FormModal<Values>
      key={existing?.id ?? 'new'}
      open={editing !== null}
      title={existing ? t('apis.editTitle', { method: existing.method, path: existing.path }) : t('apis.add')}
      initialValues={existing ?? { method: 'GET', tags: [] }}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
    >
      <Form.Item name="method" label={t('method')} rules={[{ required: true }]}>
        <Select options={EXTERNAL_API_METHODS.map((method) => ({ value: method, label: method }))} />
      </Form.Item>
      <Form.Item name="path" label={t('path')} extra={t('apis.pathHint')} rules={schemaRules(FIELDS, 'path')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="summary" label={t('summary')} rules={schemaRules(FIELDS, 'summary')}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={schemaRules(FIELDS, 'description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="tags" label={t('tags')} extra={t('tagsHint')}>
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
    </FormModal>
  );
}
