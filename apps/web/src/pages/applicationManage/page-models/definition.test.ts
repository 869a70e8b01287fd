import { describe, expect, it } from 'vitest';
import { definitionText, parseDefinition } from './definition.ts';

describe('the definition editor check', () => {
  it('takes a JSON object and round-trips it through the editor text', () => {
    const definition = { type: 'page', blocks: [{ type: 'table' }] };
    expect(parseDefinition(definitionText(definition))).toEqual({ ok: true, value: definition });
  });

  it('refuses text that is not JSON, saying where', () => {
    const parsed = parseDefinition('{ "type": ');
    expect(parsed).toMatchObject({ ok: false, reason: 'notJson' });
    expect(parsed.ok === false && parsed.message.length).toBeGreaterThan(0);
  });

  it.each(['[1, 2]', '"page"', '42', 'null'])('refuses JSON that is not an object: %s', (text) => {
    expect(parseDefinition(text)).toMatchObject({ ok: false, reason: 'notObject' });
  });
});
