import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProcessorOp, ProcessorStep } from '@portal/contracts';
import { Alert, Button, Card, Dropdown, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { ColorInput } from '../../../../components/ColorInput.tsx';
import { useProcessingT } from './messages.ts';
import { canAddStep, moveStep, newStep, STEP_OPS, withParam } from './steps.ts';
import { stepFieldsOf, type StepField } from './stepFields.ts';

type ParamT = ReturnType<typeof useProcessingT>;

function ParamInput({
  field,
  value,
  onChange,
  label,
}: {
  field: StepField;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}) {
  const t = useProcessingT();
  switch (field.kind) {
    case 'integer':
    case 'number':
      return (
        <InputNumber
          aria-label={label}
          value={typeof value === 'number' ? value : null}
          min={field.min}
          max={field.max}
          step={field.kind === 'integer' ? 1 : 0.05}
          precision={field.kind === 'integer' ? 0 : undefined}
          onChange={(next) => onChange(next)}
        />
      );
    case 'boolean':
      return <Switch aria-label={label} checked={value === true} onChange={(next) => onChange(next || undefined)} />;
    case 'choice':
      return (
        <Select
          aria-label={label}
          style={{ minWidth: 120 }}
          allowClear={!field.required}
          value={typeof value === 'string' ? value : undefined}
          options={field.options.map((option) => ({ value: option, label: option }))}
          onChange={(next) => onChange(next)}
        />
      );
    case 'colour':
      return (
        <Flex gap={8} align="center">
          <ColorInput label={label} value={typeof value === 'string' ? value : '#000000'} onChange={(colour) => onChange(colour)} />
          {typeof value === 'string' && <span>{value}</span>}
          {!field.required && typeof value === 'string' && (
            <Button size="small" onClick={() => onChange(undefined)}>
              {t('clearColour')}
            </Button>
          )}
        </Flex>
      );
    case 'text':
      return (
        <Input
          aria-label={label}
          maxLength={field.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

function StepCard(props: {
  step: ProcessorStep;
  index: number;
  count: number;
  problems: readonly string[];
  disabled: boolean;
  onChange: (step: ProcessorStep) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
  t: ParamT;
}) {
  const { step, index, count, problems, disabled, t } = props;
  const position = index + 1;
  const title = t('stepTitle', { index: position, op: t(`ops.${step.op}`) });
  return (
    <Card
      size="small"
      title={title}
      aria-label={title}
      role="group"
      extra={
        !disabled && (
          <Flex gap={4}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('moveUp', { index: position })}
              onClick={() => props.onMove(-1)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              aria-label={t('moveDown', { index: position })}
              onClick={() => props.onMove(1)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('removeStep', { index: position })}
              onClick={props.onRemove}
            />
          </Flex>
        )
      }
    >
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0 }}>
        <Flex wrap gap={12}>
          {stepFieldsOf(step.op).map((field) => {
            const label = t(`params.${field.name}` as 'params.width');
            return (
              <Form.Item key={field.name} label={label} required={field.required} style={{ marginBottom: 0 }}>
                <ParamInput
                  field={field}
                  label={`${label} (${position})`}
                  value={(step as Record<string, unknown>)[field.name]}
                  onChange={(value) => props.onChange(withParam(step, field.name, value))}
                />
              </Form.Item>
            );
          })}
        </Flex>
      </fieldset>
      {problems.length > 0 && <Alert style={{ marginTop: 8 }} type="error" showIcon title={problems.join('; ')} />}
    </Card>
  );
}

/** The steps of a processor, each with its parameters, in order; the server's problems shown beside the step they name. */
export function StepEditor(props: {
  steps: ProcessorStep[];
  onChange: (steps: ProcessorStep[]) => void;
  problems: ReadonlyMap<number, string[]>;
  disabled?: boolean;
}) {
  const t = useProcessingT();
  const { steps, onChange, problems, disabled = false } = props;
  const replace = (index: number, step: ProcessorStep) => onChange(steps.map((current, i) => (i === index ? step : current)));
  return (
    <Flex vertical gap={8}>
      {steps.map((step, index) => (
        <StepCard
          // Steps have no identity of their own; the position is what the server's problems name too.
          key={`${index}-${step.op}`}
          step={step}
          index={index}
          count={steps.length}
          problems={problems.get(index) ?? []}
          disabled={disabled}
          onChange={(next) => replace(index, next)}
          onMove={(delta) => onChange(moveStep(steps, index, delta))}
          onRemove={() => onChange(steps.filter((_, i) => i !== index))}
          t={t}
        />
      ))}
      {!disabled && (
        <Dropdown
          disabled={!canAddStep(steps)}
          trigger={['click']}
          menu={{
            items: STEP_OPS.map((op) => ({ key: op, label: t(`ops.${op}`) })),
            onClick: ({ key }) => onChange([...steps, newStep(key as ProcessorOp)]),
          }}
        >
          <Button icon={<PlusOutlined />}>{t('addStep')}</Button>
        </Dropdown>
      )}
    </Flex>
  );
}
