import { describe, expect, it } from 'vitest';
import { compileSmsBody, SAMPLE_SMS_VARIABLES } from './sms-template.ts';

const vars = (content: string) => ({ ...SAMPLE_SMS_VARIABLES, content });

describe('SMS body templates', () => {
  it('keeps any message text inside its JSON string: quotes, backslashes, line breaks, braces', () => {
    const body = compileSmsBody('{"to":"{{ phone }}","text":"{{ content }}"}', 'application/json');
    for (const content of ['say "hi"', 'a\\b', 'line\nbreak', '"}, "admin": true, "x": "', '{{ phone }}', '\u2028']) {
      expect(JSON.parse(body.render(vars(content)))).toEqual({ to: SAMPLE_SMS_VARIABLES.phone, text: content });
    }
  });

  it('URL-encodes each value of a form, so an & or = in the text stays one value', () => {
    const body = compileSmsBody('to={{ phone }}&text={{ content }}', 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(body.render(vars('a&admin=1 b')));
    expect([...form.keys()]).toEqual(['to', 'text']);
    expect(form.get('text')).toBe('a&admin=1 b');
  });

  it('escapes a value asked for raw all the same: in JSON it stays in its string, in a form one value', () => {
    const json = compileSmsBody('{"text": "{{ content | raw }}"}', 'application/json');
    expect(JSON.parse(json.render(vars('"}, "admin": true, "x": "')))).toEqual({ text: '"}, "admin": true, "x": "' });
    const form = new URLSearchParams(
      compileSmsBody('text={{ content | raw }}', 'application/x-www-form-urlencoded').render(vars('a&to=+1999')),
    );
    expect([...form.entries()]).toEqual([['text', 'a&to=+1999']]);
  });

  it('refuses at compile time what would break or leak: unquoted JSON values, unknown variables, files', () => {
    expect(() => compileSmsBody('{"text": {{ content }}}', 'application/json')).toThrow('does not render to JSON');
    expect(() => compileSmsBody('{{ password }}', 'text/plain')).toThrow('password');
    expect(() => compileSmsBody("{% render 'secrets' %}", 'text/plain')).toThrow('does not');
    expect(() => compileSmsBody('{% if %}', 'text/plain')).toThrow('does not parse');
    expect(compileSmsBody('Hi {{ content }}', 'text/plain').render(vars('<b>'))).toBe('Hi <b>');
  });
});
