import type { MessageTemplate } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { parseSample, toPreviewInput, toTemplateInput, toTemplateValues, toVariables } from './templateValues.ts';

describe('parseSample', () => {
  it('reads JSON, takes other words as a string, and refuses broken JSON', () => {
    expect(parseSample('{"number": "A-1"}')).toEqual({ ok: true, value: { number: 'A-1' } });
    expect(parseSample('[1, 2]')).toEqual({ ok: true, value: [1, 2] });
    expect(parseSample('42')).toEqual({ ok: true, value: 42 });
    expect(parseSample('Ann Lee')).toEqual({ ok: true, value: 'Ann Lee' });
    expect(parseSample('  ')).toEqual({ ok: true, value: undefined });
    expect(parseSample('{"a": ')).toEqual({ ok: false });
  });
});

describe('template values', () => {
  it('turn into the input: trimmed, blanks null, variables without empty rows', () => {
    const input = toTemplateInput({
      id: ' welcome ',
      name: 'Welcome ',
      channelId: 'mail',
      classificationId: ' ',
      format: 'html',
      subject: 'Hi {{ user }}',
      body: '<p>{{ user }}</p>',
      description: '',
      variables: [{ name: 'user', description: ' who ', sample: 'Ann' }, { name: '' }, { name: 'order', sample: '{"n": 1}' }],
    });
    expect(input).toEqual({
      id: 'welcome',
      name: 'Welcome',
      channelId: 'mail',
      classificationId: null,
      format: 'html',
      subject: 'Hi {{ user }}',
      body: '<p>{{ user }}</p>',
      description: null,
      variables: [
        { name: 'user', description: 'who', sample: 'Ann' },
        { name: 'order', sample: { n: 1 } },
      ],
    });
  });

  it('come back from a template with samples as editable text', () => {
    const template = {
      id: 'a',
      name: 'A',
      channelId: 'mail',
      classificationId: null,
      format: 'text',
      subject: '',
      body: 'x',
      description: null,
      variables: [{ name: 'order', sample: { n: 1 } }, { name: 'user', sample: 'Ann' }, { name: 'vip' }],
    } as unknown as MessageTemplate;
    const values = toTemplateValues(template);
    expect(values.variables).toEqual([
      { name: 'order', description: '', sample: '{\n  "n": 1\n}' },
      { name: 'user', description: '', sample: 'Ann' },
      { name: 'vip', description: '', sample: '' },
    ]);
    expect(toVariables(values.variables)).toEqual(template.variables);
  });

  it('preview only once there is a body', () => {
    expect(toPreviewInput({ subject: 'x' })).toBeNull();
    expect(toPreviewInput({ body: '{{ a }}', variables: [{ name: 'a', sample: '1' }] })).toEqual({
      subject: '',
      body: '{{ a }}',
      format: 'text',
      variables: [{ name: 'a', sample: 1 }],
    });
  });
});
