import type { TemplateVariable } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { checkTemplate, type TemplateSource } from './check.ts';
import { compileTemplate, renderForSend, renderTemplate } from './render.ts';

const ORDER: TemplateVariable = {
  name: 'order',
  sample: { number: 'A-1', items: [{ sku: 'X', qty: 2 }], customer: { name: 'Ann' } },
};
const template = (body: string, extra: Partial<TemplateSource> = {}): TemplateSource => ({
  subject: '',
  body,
  format: 'text',
  variables: [ORDER, { name: 'user' }, { name: 'vip' }],
  ...extra,
});

/** The 400 a call throws, for its message and details. */
function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('checkTemplate', () => {
  it('accepts declared variables, loop variables and locals', () => {
    const checked = checkTemplate(
      template(
        '{% assign n = order.items.size %}{% for item in order.items %}{{ item.sku }}×{{ item.qty }} {{ forloop.index }}{% endfor %}{{ n }}',
      ),
    );
    expect(checked.used).toEqual(['order']);
  });

  it.each([
    ['in a loop', '{% for item in order.items %}{{ item.sku }} {{ price }}{% endfor %}', 'price', 1, 48],
    ['in a condition', '{% if vip %}\n{{ gift }}{% endif %}', 'gift', 2, 4],
    ['in an unless', '{% unless vip %}{{ discount }}{% endunless %}', 'discount', 1, 20],
    ['in an elsif', '{% if vip %}a{% elsif level > 2 %}b{% endif %}', 'level', 1, 23],
    ['in a case', '{% case kind %}{% when 1 %}x{% endcase %}', 'kind', 1, 9],
    ['in a loop collection', '{% for x in rows %}{{ x }}{% endfor %}', 'rows', 1, 13],
    ['as a computed index', '{{ order.items[position] }}', 'position', 1, 16],
  ])('refuses an undeclared variable %s, naming it with its line and column', (_where, body, variable, line, col) => {
    const error = refusal(() => checkTemplate(template(body)));
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain(`Undeclared variable ${variable} in the body (line ${line}, column ${col})`);
    expect(error.details).toMatchObject({ field: 'body', variable, line, col });
  });

  it('refuses an undeclared variable in the subject', () => {
    const error = refusal(() => checkTemplate(template('ok', { subject: 'Order {{ orderNo }}' })));
    expect(error.details).toMatchObject({ field: 'subject', variable: 'orderNo', line: 1, col: 10 });
  });

  it('lists every undeclared use in its details', () => {
    const error = refusal(() => checkTemplate(template('{{ a }} {{ b }}', { subject: '{{ c }}' })));
    expect((error.details?.problems as { variable: string }[]).map((p) => p.variable)).toEqual(['c', 'a', 'b']);
  });

  it.each([
    ['a property of an object sample', '{{ order.nmbr }}', 'order.nmbr'],
    ['a nested property', '{{ order.customer.nmae }}', 'order.customer.nmae'],
    ['a property of a loop variable over an array sample', '{% for item in order.items %}{{ item.skuu }}{% endfor %}', 'item.skuu'],
    ['a property of an indexed element', '{{ order.items[0].qtty }}', 'order.items[0].qtty'],
    ['a property of an array', '{{ order.items.count }}', 'order.items.count'],
  ])('refuses %s missing from the sample', (_what, body, variable) => {
    const error = refusal(() => checkTemplate(template(body)));
    expect(error.message).toContain(`The sample has no property ${variable}`);
    expect(error.details).toMatchObject({ field: 'body', variable, problems: [expect.objectContaining({ problem: 'noSuchProperty' })] });
  });

  it('does not check paths past a sample without shape, a computed index or a local', () => {
    const body = '{{ user.anything.at.all }}{{ order.number.size }}{{ order.items.first.sku }}{% assign c = order.customer %}{{ c.nope }}';
    expect(() => checkTemplate(template(body))).not.toThrow();
  });

  it('answers a syntax error with the parser message and position', () => {
    const error = refusal(() => checkTemplate(template('Hello\n{% if vip %}yes')));
    expect(error.message).toMatch(/^Syntax error in the body: tag \{% if vip %\} not closed/);
    expect(error.details).toMatchObject({ field: 'body', line: 2, col: 1 });
    expect(refusal(() => checkTemplate(template('{{ user | shout }}'))).message).toContain('undefined filter: shout');
  });

  it('refuses tags that read other templates', () => {
    expect(refusal(() => checkTemplate(template('{% include "header" %}'))).message).toContain('the include tag is not allowed');
    expect(refusal(() => checkTemplate(template('{% render "x" %}'))).message).toContain('the render tag is not allowed');
  });

  it('refuses duplicate and reserved variable names', () => {
    expect(refusal(() => checkTemplate(template('x', { variables: [{ name: 'a' }, { name: 'a' }] }))).details).toMatchObject({
      field: 'variables/1',
    });
    expect(refusal(() => checkTemplate(template('x', { variables: [{ name: 'forloop' }] }))).message).toContain('Liquid keyword');
  });
});

describe('renderForSend', () => {
  const html = template('<p>{{ user }}</p>{% for item in order.items %}<li>{{ item.sku }}</li>{% endfor %}', {
    format: 'html',
    subject: 'For {{ user }}',
  });

  it('escapes values in HTML bodies but not in the subject', () => {
    const out = renderForSend(html, { user: '<script>alert(1)</script>', order: { items: [{ sku: 'a&b' }] } });
    expect(out.body).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><li>a&amp;b</li>');
    expect(out.subject).toBe('For <script>alert(1)</script>');
  });

  it('escapes values in HTML bodies whatever the template says: raw, echo, cycle, a captured or assigned copy', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const escaped = '&lt;img src=x onerror=alert(1)&gt;';
    const bodies = [
      '<p>{{ user | raw }}</p>',
      '<p>{{ user | upcase | downcase | raw }}</p>',
      '<p>{% echo user | raw %}</p>',
      '<p>{% liquid echo user | raw %}</p>',
      '<p>{% cycle user | raw %}</p>',
      '{% assign copy = user %}<p>{{ copy | raw }}</p>',
    ];
    for (const body of bodies) {
      const out = renderForSend(template(body, { format: 'html' }), { user: evil });
      expect(out.body, body).toBe(`<p>${escaped}</p>`);
    }
    // Captured output was escaped as it was written; raw does not undo it.
    const captured = renderForSend(template('{% capture c %}{{ user }}{% endcapture %}{{ c | raw }}', { format: 'html' }), { user: '<b>' });
    expect(captured.body).not.toContain('<b>');
    // The template's own HTML is as written.
    const own = renderForSend(template('<h1 class="t">Hi</h1><a href="https://x.test/?a=1&b=2">{{ user | raw }}</a>', { format: 'html' }), {
      user: 'Ann & Bo',
    });
    expect(own.body).toBe('<h1 class="t">Hi</h1><a href="https://x.test/?a=1&b=2">Ann &amp; Bo</a>');
    // Text bodies and subjects are not HTML: raw changes nothing there either.
    expect(renderForSend(template('{{ user | raw }}'), { user: '<b>' }).body).toBe('<b>');
  });

  it('keeps a subject on one line', () => {
    expect(renderForSend(html, { user: 'Ann\r\nBcc: x@example.org', order: { items: [] } }).subject).toBe('For Ann Bcc: x@example.org');
  });

  it('leaves text bodies as written', () => {
    expect(renderForSend(template('{{ user }}'), { user: '<b>' }).body).toBe('<b>');
  });

  it('renders loops and conditionals', () => {
    const body =
      '{% if vip %}VIP {% else %}Dear {% endif %}{{ user }}:{% for item in order.items %} {{ item.qty }}×{{ item.sku }}{% endfor %}';
    const order = {
      items: [
        { sku: 'A', qty: 1 },
        { sku: 'B', qty: 3 },
      ],
    };
    expect(renderForSend(template(body), { vip: true, user: 'Ann', order }).body).toBe('VIP Ann: 1×A 3×B');
    expect(renderForSend(template(body), { vip: false, user: 'Bo', order: { items: [] } }).body).toBe('Dear Bo:');
  });

  it('refuses values missing for variables the template uses, naming them', () => {
    const error = refusal(() => renderForSend(template('{% if vip %}{{ user }}{% endif %}'), { vip: null }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The template needs the variable user');
    expect(error.details).toEqual({ field: 'variables', missing: ['user'] });
  });

  it('parses a template version once', () => {
    const source = template('{{ user }} once');
    expect(compileTemplate(source)).toBe(compileTemplate({ ...source }));
    expect(compileTemplate({ ...source, body: '{{ user }} twice' })).not.toBe(compileTemplate(source));
  });

  it('stops a render that runs too long', () => {
    const error = refusal(() => renderTemplate(template('{% for i in (1..100000000) %}{{ i }}{% endfor %}'), {}));
    expect(error.statusCode).toBe(400);
    expect(error.details).toMatchObject({ field: 'body' });
  });
});
