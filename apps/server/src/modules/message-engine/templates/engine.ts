import type { TemplateFormat } from '@portal/contracts';
import { Liquid, LiquidError, Tag, type TagToken, type Template, type Token, type TopLevelToken } from 'liquidjs';
import { badRequest } from '../../../platform/errors.ts';
import { escapeEvenRaw } from './escape-always.ts';

/** Which part of a template a message or an error is about. */
export type TemplatePart = 'subject' | 'body';

/**
 * The bounds of one render: Liquid stops a render that takes longer (a loop over a huge range) or
 * builds larger strings, and an answer longer than `output` characters is refused.
 */
export const RENDER_LIMITS = { milliseconds: 300, memory: 5_000_000, output: 1_000_000, parse: 250_000 } as const;

/** Tags that would read other templates: a template is self-contained, and nothing is read from disk. */
const REFUSED_TAGS = ['include', 'render', 'layout'];

class RefusedTag extends Tag {
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    throw new Error(`the ${token.name} tag is not allowed: a template is self-contained`);
  }
  // Never reached: the constructor refuses the tag while the template is parsed.
  *render(): Generator<unknown, void> {}
}

function engine(escaped: boolean): Liquid {
  const liquid = new Liquid({
    ...(escaped ? { outputEscape: 'escape' as const } : {}),
    strictFilters: true,
    ownPropertyOnly: true,
    // An empty in-memory store in place of the file system: no lookup ever reaches the disk.
    templates: {},
    cache: false,
    parseLimit: RENDER_LIMITS.parse,
    renderLimit: RENDER_LIMITS.milliseconds,
    memoryLimit: RENDER_LIMITS.memory,
  });
  for (const name of REFUSED_TAGS) liquid.registerTag(name, RefusedTag);
  return escaped ? escapeEvenRaw(liquid) : liquid;
}

/** Plain text (subjects, text bodies) as written; HTML bodies with every output escaped, `| raw` or not. */
const ENGINES = { text: engine(false), html: engine(true) } as const;

/** The engine of a part: a subject is always plain text. */
export const engineFor = (part: TemplatePart, format: TemplateFormat): Liquid => ENGINES[part === 'subject' ? 'text' : format];

const PART_NAMES: Record<TemplatePart, string> = { subject: 'the subject', body: 'the body' };
export const partName = (part: TemplatePart) => PART_NAMES[part];

/** Where a Liquid error points: its token's line and column, when it has one. */
function positionOf(error: LiquidError): { line?: number; col?: number } {
  // Typed as always present, but an error raised outside any token (a render limit) may lack one.
  const [line, col] = (error.token as Token | undefined)?.getPosition() ?? [];
  return line === undefined || col === undefined ? {} : { line, col };
}

/** A Liquid failure as the caller's 400 (its message says what and where); anything else is ours and rethrown. */
function liquidFailure(error: unknown, part: TemplatePart, doing: 'Syntax error' | 'Cannot render'): unknown {
  if (!(error instanceof LiquidError)) return error;
  return badRequest(`${doing} in ${partName(part)}: ${error.message}`, { field: part, ...positionOf(error) });
}

/** Parses one part, a syntax error answered as a 400 naming the part, line and column. */
export function parsePart(part: TemplatePart, format: TemplateFormat, source: string): Template[] {
  try {
    return engineFor(part, format).parse(source);
  } catch (error) {
    throw liquidFailure(error, part, 'Syntax error');
  }
}

/**
 * Renders a parsed part with these values, within the render limits. A subject is one line (a mail
 * header, an inbox title): line breaks a value or the template brings become spaces.
 */
export function renderPart(part: TemplatePart, format: TemplateFormat, parsed: Template[], values: Record<string, unknown>): string {
  let output: unknown;
  try {
    output = engineFor(part, format).renderSync(parsed, values);
  } catch (error) {
    throw liquidFailure(error, part, 'Cannot render');
  }
  const text = part === 'subject' ? String(output).replace(/[\r\n]+/g, ' ') : String(output);
  if (text.length > RENDER_LIMITS.output) {
    throw badRequest(`The rendered ${part} is longer than ${RENDER_LIMITS.output} characters`, { field: part });
  }
  return text;
}
