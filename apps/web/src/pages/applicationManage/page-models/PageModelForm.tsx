import { pageModelEndpoints, PAGE_MODEL_LIMITS, type PageModelDetail } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { useCallMutation } from '../../../components/admin/useCrudMutations.ts';
import { PAGE_MODELS_KEY, fetchApplicationChoices } from './api.ts';
import { definitionText, parseDefinition } from './definition.ts';
import { usePageModelT } from './messages.ts';

interface Values {
  name: string;
  applicationId: string;
  description?: string;
  definition: string;
}

/** Create a page model, or save one as its next version; the definition is checked to be a JSON object first. */
export function PageModelForm({ editing, onClose }: { editing: PageModelDetail | 'new' | null; onClose: () => void }) {
  const t = usePageModelT();
  const applications = useQuery({
    queryKey: [...PAGE_MODELS_KEY, 'applications'],
    queryFn: fetchApplicationChoices,
    enabled: editing !== null,
  });
  const create = useCallMutation(pageModelEndpoints.create, { invalidate: [PAGE_MODELS_KEY] });
  const update = useCallMutation(pageModelEndpoints.update, { invalidate: [PAGE_MODELS_KEY] });
  const model = editing === 'new' ? null : editing;

  const submit = (values: Values) => {
    const parsed = parseDefinition(values.definition);
    if (!parsed.ok) return Promise.reject(new Error(parsed.reason));
    const body = {
      name: values.name,
      applicationId: values.applicationId,
      description: values.description || null,
      definition: parsed.value,
    };
    return model ? update.mutateAsync({ params: { id: model.id }, body }) : create.mutateAsync({ body });
  };
  const initial: Partial<Values> = model
    ? {
        name: model.name,
        applicationId: model.applicationId,
        description: model.description ?? '',
        definition: definitionText(model.definition),
      }
    : { definition: '{\n  \n}' };

  return (
    <FormModal<Values>
      open={editing !== null}
      title={model ? t('edit', { name: model.name }) : t('create')}
      initialValues={initial}
      onCancel={onClose}
      onSubmit={submit}
      width={720}
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, max: PAGE_MODEL_LIMITS.name }]}>
        <Input autoFocus maxLength={PAGE_MODEL_LIMITS.name} />
      </Form.Item>
      <Form.Item name="applicationId" label={t('application')} rules={[{ required: true }]}>
        <Select showSearch optionFilterProp="label" loading={applications.isLoading} options={applications.data ?? []} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={[{ max: PAGE_MODEL_LIMITS.description }]}>
        <Input.TextArea rows={2} maxLength={PAGE_MODEL_LIMITS.description} />
      </Form.Item>
      <Form.Item
        name="definition"
        label={t('definition')}
        extra={t('definitionHint')}
        rules={[
          { required: true },
          {
            validator: async (_rule, text: string | undefined) => {
              const parsed = parseDefinition(text ?? '');
              if (!parsed.ok) throw new Error(t(parsed.reason, { message: parsed.message }));
            },
          },
        ]}
      >
        <Input.TextArea rows={12} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}
