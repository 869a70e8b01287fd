import { GroupInput, PositionInput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, formFieldsOf, formValuesOf } from './schemaForm.ts';

const ORG_PICKER = { widget: 'organisation picker' };

describe('formFieldsOf', () => {
  it('gives each field of GroupInput the widget, requirement and length its schema says, in the page’s order', () => {
    const fields = formFieldsOf(GroupInput, ['name', { name: 'code', extra: 'adminKit.codeHint' }, 'description']);
    expect(fields).toEqual(
      [
        { name: 'name', label: 'adminKit.name', control: 'text', required: true, nullable: false, maxLength: 100, autoFocus: true },
        {
          name: 'code',
          label: 'adminKit.code',
          extra: 'adminKit.codeHint',
          control: 'text',
          required: true,
          nullable: false,
          maxLength: 64,
          autoFocus: false,
        },
        {
          name: 'description',
          label: 'adminKit.description',
          control: 'textarea',
          required: false,
          nullable: true,
          maxLength: 500,
          autoFocus: false,
        },
      ].map((field) => ({ extra: undefined, input: undefined, ...field })),
    );
  });

  it('uses the page’s own widget and label where given, and a number box for an integer', () => {
    const [org, sort] = formFieldsOf(PositionInput, [
      { name: 'orgId', label: 'adminKit.org', input: ORG_PICKER },
      { name: 'sort', label: 'orgManage.positions.sort' },
    ]);
    expect(org).toMatchObject({ control: 'custom', input: ORG_PICKER, nullable: true, required: false, autoFocus: true });
    expect(sort).toMatchObject({ control: 'integer', label: 'orgManage.positions.sort', nullable: false, required: false });
  });

  it('maps numbers and flags, and refuses a field the schema lacks or cannot draw', () => {
    const schema = { properties: { ratio: { type: 'number' }, on: { type: 'boolean' }, tags: { type: 'array' } } };
    expect(formFieldsOf(schema, ['ratio', 'on']).map((field) => field.control)).toEqual(['number', 'switch']);
    expect(formFieldsOf(schema, [{ name: 'tags', input: 'tag picker' }])[0]?.control).toBe('custom');
    expect(() => formFieldsOf(schema, ['tags'])).toThrow(/tags.*give the field an input/);
    expect(() => formFieldsOf(GroupInput, ['colour'])).toThrow(/colour is not in the schema/);
  });
});

describe('form values and body', () => {
  const fields = formFieldsOf(PositionInput, ['name', 'code', { name: 'orgId', input: ORG_PICKER }, 'sort', 'description']);

  it('start an edit from the record’s saved values of the form’s fields only', () => {
    const position = { id: 'p1', name: 'Desk', code: 'desk', orgId: null, orgName: null, sort: 3, description: 'x', createdAt: '' };
    expect(formValuesOf(position, fields)).toEqual({ name: 'Desk', code: 'desk', orgId: null, sort: 3, description: 'x' });
  });

  it('send blank nullable fields as null and trimmed text', () => {
    expect(bodyOf({ name: ' Desk ', code: 'desk', orgId: undefined, sort: 0, description: '  ' }, fields)).toEqual({
      name: 'Desk',
      code: 'desk',
      orgId: null,
      sort: 0,
      description: null,
    });
  });
});
