import { Form, Input, InputNumber, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../admin/FormModal.tsx';
import { schemaRules } from '../admin/schemaRules.ts';
import { useCallMutation } from '../admin/useCrudMutations.ts';
import { bodyInput, recordInput } from './recordInput.ts';
import { bodyOf, formFieldsOf, formValuesOf, type FormField, type FormSchema } from './schemaForm.ts';
import type { InputOf, ResourceEndpoints, ResourcePageProps, RowOf } from './types.ts';
import '../admin/messages.ts';

/** The widget for a field: the page's own, or the one its schema type suggests. */
function widgetOf(field: FormField<ReactElement>): ReactElement | undefined {
  const autoFocus = field.autoFocus;
  switch (field.control) {
    case 'custom':
      return field.input;
    case 'text':
      return <Input autoFocus={autoFocus} maxLength={field.maxLength} />;
    case 'textarea':
      return <Input.TextArea autoFocus={autoFocus} rows={3} maxLength={field.maxLength} showCount={field.maxLength !== undefined} />;
    case 'integer':
      return <InputNumber autoFocus={autoFocus} precision={0} style={{ width: 160 }} />;
    case 'number':
      return <InputNumber autoFocus={autoFocus} style={{ width: 160 }} />;
    case 'switch':
      return <Switch autoFocus={autoFocus} />;
  }
}

/** One field: its label, hint and widget, validated by the same schema the server validates with. */
function SchemaField({ field, schema }: { field: FormField<ReactElement>; schema: FormSchema }) {
  const { t } = useTranslation();
  const rules: Rule[] = [
    ...schemaRules(schema, field.name),
    ...(field.control === 'integer' ? [{ type: 'integer' as const, message: t('adminKit.rule.integer') }] : []),
  ];
  return (
    <Form.Item
      name={field.name}
      label={t(field.label)}
      extra={field.extra && t(field.extra)}
      rules={rules}
      valuePropName={field.control === 'switch' ? 'checked' : 'value'}
    >
      {widgetOf(field)}
    </Form.Item>
  );
}

interface ResourceFormProps<E extends ResourceEndpoints> {
  config: Pick<ResourcePageProps<E, unknown>, 'endpoints' | 'form' | 'texts' | 'queryKey' | 'alsoInvalidate'>;
  /** The record to edit, 'new' to create one, null when closed. */
  editing: RowOf<E> | 'new' | null;
  /** What a new record starts with. */
  newValues?: Partial<InputOf<E>> | undefined;
  onClose: () => void;
}

/** Create (POST) or edit (PUT /{id}) a record in a dialog whose fields come from the input schema. */
export function ResourceForm<E extends ResourceEndpoints>({ config, editing, newValues, onClose }: ResourceFormProps<E>) {
  const { t } = useTranslation();
  const { schema, fields: layout } = config.form;
  const fields = useMemo(() => formFieldsOf<ReactElement>(schema, layout), [schema, layout]);
  const invalidate = [config.queryKey, ...(config.alsoInvalidate ?? [])];
  const create = useCallMutation(config.endpoints.create, { invalidate, success: t('adminKit.created') });
  const update = useCallMutation(config.endpoints.update, { invalidate });
  const record = editing === 'new' ? null : editing;

  const submit = (values: InputOf<E>) => {
    const body = bodyOf(values, fields);
    return record ? update.mutateAsync(recordInput(record.id, body)) : create.mutateAsync(bodyInput(body));
  };
  return (
    <FormModal<InputOf<E>>
      open={editing !== null}
      title={record ? t(`${config.texts}.edit`, { name: record.name }) : t(`${config.texts}.create`)}
      initialValues={record ? (formValuesOf(record, fields) as Partial<InputOf<E>>) : (newValues ?? {})}
      onCancel={onClose}
      onSubmit={submit}
    >
      {fields.map((field) => (
        <SchemaField key={field.name} field={field} schema={schema} />
      ))}
    </FormModal>
  );
}
