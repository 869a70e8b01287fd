import { TEMPLATE_LIMITS, type TemplateFormat, type TemplateVariable } from '@portal/contracts';
import type { Template } from 'liquidjs';
import { badRequest } from '../../../platform/errors.ts';
import { engineFor, parsePart, partName, type TemplatePart } from './engine.ts';
import { missingProperties } from './paths.ts';

/** What a template is made of, as stored and as edited. */
export interface TemplateSource {
  subject: string;
  body: string;
  format: TemplateFormat;
  variables: readonly TemplateVariable[];
}

/** A template parsed and checked: each part's parse, and the variables the template uses (each declared). */
export interface CheckedTemplate {
  subject: Template[];
  body: Template[];
  used: string[];
}

/** Names Liquid gives a meaning of its own: a variable so named could never be read. */
const RESERVED = new Set(['forloop', 'tablerowloop', 'empty', 'blank', 'nil', 'null', 'true', 'false']);

/** A variable the template uses wrongly: not declared, or a property its sample does not have. */
interface Problem {
  variable: string;
  part: TemplatePart;
  line: number;
  col: number;
  problem: 'undeclared' | 'noSuchProperty';
}

/** Declared names are unique and readable, and each sample is of a reasonable size. */
function assertDeclarations(variables: readonly TemplateVariable[]) {
  const seen = new Set<string>();
  for (const [index, variable] of variables.entries()) {
    const field = `variables/${index}`;
    if (seen.has(variable.name)) throw badRequest(`The variable ${variable.name} is declared twice`, { field, variable: variable.name });
    if (RESERVED.has(variable.name)) {
      throw badRequest(`${variable.name} is a Liquid keyword and cannot name a variable`, { field, variable: variable.name });
    }
    seen.add(variable.name);
    const sample = variable.sample === undefined ? '' : JSON.stringify(variable.sample);
    if (Buffer.byteLength(sample) > TEMPLATE_LIMITS.sampleBytes) {
      throw badRequest(`The sample of ${variable.name} is larger than ${TEMPLATE_LIMITS.sampleBytes} bytes`, {
        field,
        variable: variable.name,
      });
    }
  }
}

function problemsOf(part: TemplatePart, source: TemplateSource, parsed: Template[], samples: ReadonlyMap<string, unknown>) {
  const liquid = engineFor(part, source.format);
  const declared = new Set(source.variables.map((variable) => variable.name));
  const problems: Problem[] = [];
  const used: string[] = [];
  for (const [root, places] of Object.entries(liquid.analyzeSync(parsed, { partials: false }).globals)) {
    if (declared.has(root)) {
      used.push(root);
      continue;
    }
    for (const place of places)
      problems.push({ variable: root, part, line: place.location.row, col: place.location.col, problem: 'undeclared' });
  }
  for (const missing of missingProperties(liquid, parsed, samples)) {
    problems.push({ variable: missing.path, part, line: missing.line, col: missing.col, problem: 'noSuchProperty' });
  }
  return { problems, used };
}

const sentenceOf = (problem: Problem) =>
  `${problem.problem === 'undeclared' ? 'Undeclared variable' : 'The sample has no property'} ${problem.variable} in ${partName(problem.part)} (line ${problem.line}, column ${problem.col})`;

/**
 * Parses subject and body and checks every variable they use, inside loops and conditions too:
 * each must be declared, and a path into a declared sample with a shape must exist in it. A syntax
 * error, or any such variable, is a 400 whose message names the first and whose details list all.
 */
export function checkTemplate(source: TemplateSource): CheckedTemplate {
  assertDeclarations(source.variables);
  const subject = parsePart('subject', source.format, source.subject);
  const body = parsePart('body', source.format, source.body);
  const samples = new Map(source.variables.filter((v) => v.sample !== undefined).map((v) => [v.name, v.sample]));
  const inSubject = problemsOf('subject', source, subject, samples);
  const inBody = problemsOf('body', source, body, samples);
  const problems = [...inSubject.problems, ...inBody.problems];
  const [first] = problems;
  if (first) {
    throw badRequest(sentenceOf(first), {
      field: first.part,
      variable: first.variable,
      line: first.line,
      col: first.col,
      problems: problems.map(({ variable, part, line, col, problem }) => ({ variable, field: part, line, col, problem })),
    });
  }
  return { subject, body, used: [...new Set([...inSubject.used, ...inBody.used])] };
}
