import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_LIMITS, TEMPLATE_VARIABLE_PATTERN } from '@portal/contracts';
import { Button, Flex, Form, Input, Typography, type FormRule } from 'antd';
import { useTemplateT } from './messages.ts';
import { parseSample, type VariableRow } from './templateValues.ts';

const NAME = new RegExp(TEMPLATE_VARIABLE_PATTERN);

/**
 * The declared variables as rows of name, meaning and sample (JSON, or plain words for a string).
 * The form refuses a bad name, a name declared twice and a sample that is broken JSON.
 */
export function VariablesField() {
  const t = useTemplateT();
  const nameRules = (index: number): FormRule[] => [
    { required: true, message: t('variableNameRule') },
    { pattern: NAME, message: t('variableNameRule') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const rows = (getFieldValue('variables') ?? []) as VariableRow[];
        if (rows.some((row, other) => other !== index && row.name?.trim() === value)) throw new Error(t('variableTwice'));
      },
    }),
  ];
  const sampleRules: FormRule[] = [
    {
      validator: async (_rule, value: string | undefined) => {
        if (!parseSample(value).ok) throw new Error(t('sampleInvalid'));
      },
    },
  ];

  return (
    <Form.List name="variables">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.length > 0 && (
            <Flex gap={8} aria-hidden>
              <Typography.Text strong style={{ width: 160 }}>
                {t('variableName')}
              </Typography.Text>
              <Typography.Text strong style={{ flex: 1 }}>
                {t('variableDescription')}
              </Typography.Text>
              <Typography.Text strong style={{ flex: 2 }}>
                {t('variableSample')}
              </Typography.Text>
              <span style={{ width: 32 }} />
            </Flex>
          )}
          {fields.map(({ key, name: index }) => (
            <Flex key={key} gap={8} align="start">
              <Form.Item name={[index, 'name']} rules={nameRules(index)} style={{ width: 160, marginBottom: 8 }}>
                <Input aria-label={`${t('variableName')} ${index + 1}`} maxLength={64} spellCheck={false} />
              </Form.Item>
              <Form.Item name={[index, 'description']} style={{ flex: 1, marginBottom: 8 }}>
                <Input aria-label={`${t('variableDescription')} ${index + 1}`} maxLength={500} />
              </Form.Item>
              <Form.Item name={[index, 'sample']} rules={sampleRules} style={{ flex: 2, marginBottom: 8 }}>
                <Input.TextArea
                  aria-label={`${t('variableSample')} ${index + 1}`}
                  autoSize={{ minRows: 1, maxRows: 8 }}
                  spellCheck={false}
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {(form) => (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('removeVariable', {
                      name: (form.getFieldValue(['variables', index, 'name']) as string | undefined) ?? '',
                    })}
                    onClick={() => remove(index)}
                  />
                )}
              </Form.Item>
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= TEMPLATE_LIMITS.variables}
            onClick={() => add({ name: '', description: '', sample: '' })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('addVariable')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
