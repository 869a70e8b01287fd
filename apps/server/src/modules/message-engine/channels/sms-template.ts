import { SMS_TEMPLATE_VARIABLES, type SmsContentType } from '@portal/contracts';
import { Liquid, type Template } from 'liquidjs';
import { escapeEvenRaw } from '../templates/escape-always.ts';

export type SmsTemplateVariables = Record<(typeof SMS_TEMPLATE_VARIABLES)[number], string>;

/**
 * Each content type's escape, applied by the engine to every `{{ … }}` output, so what a message
 * says can never change the shape of the request around it: inside a JSON string a quote or a
 * backslash in the text stays text (`"{{ content }}"`), in a form it stays one value.
 */
const ESCAPES: Record<SmsContentType, (value: unknown) => string> = {
  'application/json': (value) => JSON.stringify(String(value)).slice(1, -1),
  'application/x-www-form-urlencoded': (value) => encodeURIComponent(String(value)),
  'text/plain': (value) => String(value),
};

// `raw` escapes too (escapeEvenRaw): a template cannot let the message text out of its place.
const engineFor = (contentType: SmsContentType) =>
  escapeEvenRaw(
    new Liquid({
      outputEscape: ESCAPES[contentType],
      // Every variable must be one of the four; an unknown filter is an error, not a silent no-op.
      strictVariables: true,
      strictFilters: true,
      // No file system: include, render and layout find nothing to read.
      templates: {},
      parseLimit: 20_000,
      renderLimit: 200,
      memoryLimit: 1_000_000,
    }),
  );

const ENGINES = new Map<SmsContentType, Liquid>();
const engine = (contentType: SmsContentType) => {
  let found = ENGINES.get(contentType);
  if (!found) ENGINES.set(contentType, (found = engineFor(contentType)));
  return found;
};

/** Values that break a careless template: quotes, a backslash, a line break, & and =. */
export const SAMPLE_SMS_VARIABLES: SmsTemplateVariables = {
  phone: '+8613800000000',
  content: 'Your code is "123456" \\ valid for 5 minutes & no more =\nThanks',
  subject: 'A "test" subject',
  messageId: '00000000-0000-4000-8000-000000000000',
};

/** A body template parsed once; renders the request body (or, for GET, the query string) of one message. */
export interface SmsBody {
  render(variables: SmsTemplateVariables): string;
}

/**
 * Parses the template and proves it with the sample values: it must render with only the four
 * variables, and a JSON one must still be JSON with quotes and line breaks in the text. Throws a
 * message saying what is wrong (the caller answers it as a 400 on settings.bodyTemplate).
 */
export function compileSmsBody(bodyTemplate: string, contentType: SmsContentType): SmsBody {
  const liquid = engine(contentType);
  let parsed: Template[];
  try {
    parsed = liquid.parse(bodyTemplate);
  } catch (error) {
    throw new Error(`The body template does not parse: ${(error as Error).message}`, { cause: error });
  }
  const render = (variables: SmsTemplateVariables) => String(liquid.renderSync(parsed, variables));
  let sample: string;
  try {
    sample = render(SAMPLE_SMS_VARIABLES);
  } catch (error) {
    throw new Error(
      `The body template does not render (its variables are ${SMS_TEMPLATE_VARIABLES.join(', ')}): ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  if (contentType === 'application/json') {
    try {
      JSON.parse(sample);
    } catch {
      throw new Error('The body template does not render to JSON: write each variable inside a JSON string, e.g. "text": "{{ content }}"');
    }
  }
  return { render };
}
