import type { SettingsSection } from '@portal/contracts';
import { Form, Input, InputNumber, Radio, Switch, theme, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { ColourField } from './ColourField.tsx';
import { useSettingsT } from './messages.ts';
import {
  isNullable,
  problemOf,
  schemaAt,
  valuePart,
  widgetOf,
  type FieldPath,
  type JsonSchema,
  type RuleMessages,
} from './settingsSchema.ts';

interface Props {
  section: SettingsSection;
  /** The section's schema (from the contracts), so the form checks what the server checks. */
  schema: JsonSchema;
  path: FieldPath;
}

type T = ReturnType<typeof useSettingsT>;

const ruleMessages = (t: T, pattern: string): RuleMessages => ({
  required: t('rule.required'),
  range: (min, max) => t('rule.range', { min, max }),
  integer: t('rule.integer'),
  min: (min) => t('rule.min', { min }),
  max: (max) => t('rule.max', { max }),
  pattern,
  choice: t('rule.choice'),
});

/** A pattern's message that says what the field takes. */
function patternMessage(t: T, schema: JsonSchema): string {
  const widget = widgetOf(schema);
  return widget === 'colour' ? t('rule.colour') : widget === 'image' ? t('rule.image') : t('rule.pattern');
}

/**
 * One setting: its label and explanation (texts by section and path), the widget its schema
 * suggests and the schema's own checks. A group (an object in the schema) is a fieldset of its
 * fields, each explained the same way.
 */
export function SettingField({ section, schema, path }: Props) {
  const t = useSettingsT();
  const field = schemaAt(schema, path);
  const key = `fields.${section}.${path.join('.')}`;
  const label = t(`${key}.label`);
  const help = t(`${key}.help`);
  const widget = widgetOf(field);
  if (widget === 'group') {
    const children = Object.keys(valuePart(field).properties ?? {}).map((name) => (
      <SettingField key={name} section={section} schema={schema} path={[...path, name]} />
    ));
    return (
      <SettingGroup label={label} help={help}>
        {children}
      </SettingGroup>
    );
  }
  const messages = ruleMessages(t, patternMessage(t, field));
  const rules: Rule[] = [
    {
      required: widget !== 'switch' && !isNullable(field),
      validator: (_rule, value: unknown) => {
        const problem = problemOf(field, value, messages);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
  return (
    <Form.Item name={[...path]} label={label} extra={help} rules={rules} valuePropName={widget === 'switch' ? 'checked' : 'value'}>
      {controlOf(widget, field, label, (value) => t(`${key}.options.${value}`))}
    </Form.Item>
  );
}

function controlOf(
  widget: Exclude<ReturnType<typeof widgetOf>, 'group'>,
  field: JsonSchema,
  label: string,
  option: (value: string) => string,
) {
  const rules = valuePart(field);
  switch (widget) {
    case 'switch':
      return <Switch />;
    case 'integer':
      return <InputNumber precision={0} min={rules.minimum} max={rules.maximum} style={{ width: 160 }} />;
    case 'choice':
      return <Radio.Group optionType="button" options={(rules.enum ?? []).map((value) => ({ value, label: option(String(value)) }))} />;
    case 'colour':
      return <ColourField label={label} nullable={isNullable(field)} />;
    case 'textarea':
      return <Input.TextArea rows={2} maxLength={rules.maxLength} showCount />;
    case 'image':
      return <Input maxLength={rules.maxLength} placeholder="https://… | /open/icons/…" />;
    case 'text':
      return <Input maxLength={rules.maxLength} showCount />;
  }
}

/** Settings that belong together, under a legend that explains them. */
export function SettingGroup({ label, help, children }: { label: string; help: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <fieldset
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingSM}px ${token.padding}px 0`,
        margin: `0 0 ${token.marginLG}px`,
        minWidth: 0,
      }}
    >
      <legend
        style={{ padding: `0 ${token.paddingXS}px`, fontWeight: 600, width: 'auto', marginBottom: 0, fontSize: token.fontSize, border: 0 }}
      >
        {label}
      </legend>
      <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginSM }}>
        {help}
      </Typography.Paragraph>
      {children}
    </fieldset>
  );
}
