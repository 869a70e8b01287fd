import { PROCESSOR_STEP_SCHEMAS, type ProcessorOp } from '@portal/contracts';

/** One parameter of a step as the editor shows it, read from the step's schema in the contracts. */
export type StepField =
  | { name: string; required: boolean; kind: 'integer' | 'number'; min?: number; max?: number }
  | { name: string; required: boolean; kind: 'text'; maxLength?: number }
  | { name: string; required: boolean; kind: 'colour' }
  | { name: string; required: boolean; kind: 'boolean' }
  | { name: string; required: boolean; kind: 'choice'; options: string[] };

interface PropertySchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
}

function fieldOf(name: string, schema: PropertySchema, required: boolean): StepField {
  if (schema.enum) return { name, required, kind: 'choice', options: schema.enum.map(String) };
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? schema.exclusiveMinimum;
    return {
      name,
      required,
      kind: schema.type,
      ...(min !== undefined ? { min } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
    };
  }
  if (schema.type === 'boolean') return { name, required, kind: 'boolean' };
  if (schema.pattern?.startsWith('^#')) return { name, required, kind: 'colour' };
  return { name, required, kind: 'text', ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}) };
}

/** The parameters of an operation in the schema's order, without `op` itself. */
export function stepFieldsOf(op: ProcessorOp): StepField[] {
  const schema = PROCESSOR_STEP_SCHEMAS[op] as unknown as { properties: Record<string, PropertySchema>; required?: string[] };
  return Object.entries(schema.properties)
    .filter(([name]) => name !== 'op')
    .map(([name, property]) => fieldOf(name, property, schema.required?.includes(name) ?? false));
}
