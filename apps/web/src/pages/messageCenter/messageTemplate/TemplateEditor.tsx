import { NewMessageTemplate, TEMPLATE_FORMATS, TEMPLATE_LIMITS, templateEndpoints, type MessageTemplate } from '@portal/contracts';
import { Col, Form, Input, Radio, Row, type FormRule } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useCrudMutations } from '../../../components/admin/useCrudMutations.ts';
import { isTemplateIdTaken, isTemplateNameTaken, TEMPLATE_KEY } from './api.ts';
import { ChannelSelect, channelTypeOf, ClassificationSelect, useChannels } from './choices.tsx';
import { LIQUID_SYNTAX, useTemplateT } from './messages.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { toPreviewInput, toTemplateInput, toTemplateValues, toVariables, type TemplateValues } from './templateValues.ts';
import { VariablesField } from './VariablesField.tsx';
import { VariableTextArea } from './VariableTextArea.tsx';

/** Channel types whose messages carry a subject (the mail's, the inbox title), as the server requires. */
const SUBJECT_REQUIRED = new Set(['email', 'inApp']);

/** Id and name are checked against the server this long after the last keystroke. */
const CHECK_DELAY_MS = 400;
const SCHEMA = NewMessageTemplate;

/** The schema's rules, then (once they hold) a HEAD check that the value is free; the template's own value is never taken. */
function uniqueRules(
  field: 'id' | 'name',
  own: string | undefined,
  isTaken: (value: string) => Promise<boolean>,
  taken: string,
): FormRule[] {
  return [
    ...schemaRules(SCHEMA, field),
    {
      validator: async (_rule, value: unknown) => {
        const written = typeof value === 'string' ? value.trim() : '';
        if (!written || written === own) return;
        if (await isTaken(written)) throw new Error(taken);
      },
    },
  ];
}

/** The live preview of what the form holds. */
function LivePreview() {
  const values = Form.useWatch([], { preserve: true }) as Partial<TemplateValues> | undefined;
  return <TemplatePreview live input={values ? toPreviewInput(values) : null} />;
}

/**
 * Format, subject and body, as the chosen channel allows: HTML for email channels only (choosing
 * a channel of another type turns the format back to text), a subject where the channel carries
 * one; subject and body complete the variables the form declares.
 */
function ChannelBoundFields() {
  const t = useTemplateT();
  const form = Form.useFormInstance<TemplateValues>();
  const channels = useChannels();
  const channelType = channelTypeOf(channels.data, Form.useWatch('channelId', form));
  const htmlAllowed = channelType === undefined || channelType === 'email';
  const format = Form.useWatch('format', form);
  useEffect(() => {
    if (!htmlAllowed && format === 'html') form.setFieldValue('format', 'text');
  }, [htmlAllowed, format, form]);
  const rows = Form.useWatch('variables', { form, preserve: true });
  const declared = toVariables(rows);
  const subjectRules: FormRule[] = [
    ...schemaRules(SCHEMA, 'subject'),
    { required: channelType !== undefined && SUBJECT_REQUIRED.has(channelType), whitespace: true, message: t('subjectRequired') },
  ];
  return (
    <>
      <Form.Item name="format" label={t('format')} extra={htmlAllowed ? t('formatHint') : t('htmlForEmail')}>
        <Radio.Group
          options={TEMPLATE_FORMATS.map((value) => ({ value, label: t(`formats.${value}`), disabled: value === 'html' && !htmlAllowed }))}
        />
      </Form.Item>
      <Form.Item name="subject" label={t('subject')} extra={t('subjectHint')} rules={subjectRules} dependencies={['channelId']}>
        <VariableTextArea variables={declared} maxLength={TEMPLATE_LIMITS.subject} />
      </Form.Item>
      <Form.Item name="body" label={t('body')} extra={t('bodyHint', LIQUID_SYNTAX)} rules={schemaRules(SCHEMA, 'body')}>
        <VariableTextArea variables={declared} rows={8} maxLength={TEMPLATE_LIMITS.body} />
      </Form.Item>
    </>
  );
}

/**
 * Create (POST /v1/templates) or edit (PUT /v1/templates/{id}) a template: its fields, subject and
 * body with variable completion, the declared variables, and beside them the live preview.
 */
export function TemplateEditor({ editing, onClose }: { editing: MessageTemplate | 'new' | null; onClose: () => void }) {
  const t = useTemplateT();
  const template = editing === 'new' ? null : editing;
  const { create, update } = useCrudMutations(templateEndpoints, [TEMPLATE_KEY]);
  const submit = (values: TemplateValues) => {
    const { id, ...body } = toTemplateInput({ ...values, id: template?.id ?? values.id });
    return template ? update.mutateAsync({ params: { id }, body }) : create.mutateAsync({ body: { id, ...body } });
  };

  return (
    <FormModal<TemplateValues>
      open={editing !== null}
      width={1200}
      title={template ? t('edit', { name: template.name }) : t('create')}
      initialValues={toTemplateValues(template)}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="id"
                label={t('id')}
                extra={template ? undefined : t('idHint')}
                rules={template ? [] : uniqueRules('id', undefined, isTemplateIdTaken, t('idTaken'))}
                validateFirst
                validateDebounce={CHECK_DELAY_MS}
                hasFeedback={!template}
              >
                <Input autoFocus={!template} disabled={Boolean(template)} maxLength={64} autoComplete="off" spellCheck={false} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('name')}
                rules={uniqueRules('name', template?.name, isTemplateNameTaken, t('nameTaken'))}
                validateFirst
                validateDebounce={CHECK_DELAY_MS}
                hasFeedback
              >
                <Input autoFocus={Boolean(template)} maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="channelId" label={t('channel')} extra={t('channelHint')} rules={schemaRules(SCHEMA, 'channelId')}>
                <ChannelSelect />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="classificationId" label={t('classification')}>
                <ClassificationSelect allowClear placeholder={t('none')} />
              </Form.Item>
            </Col>
          </Row>
          <ChannelBoundFields />
          <Form.Item label={t('variables')} extra={t('variablesHint')}>
            <VariablesField />
          </Form.Item>
          <Form.Item name="description" label={t('description')} rules={schemaRules(SCHEMA, 'description')}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} lg={10}>
          <div style={{ position: 'sticky', top: 0 }}>
            <LivePreview />
          </div>
        </Col>
      </Row>
    </FormModal>
  );
}
