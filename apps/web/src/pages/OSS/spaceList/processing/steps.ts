import { PROCESSOR_LIMITS, type ProcessorOp, type ProcessorStep } from '@portal/contracts';

/** The operations in the order the "add step" menu offers them. */
export const STEP_OPS: readonly ProcessorOp[] = ['resize', 'crop', 'rotate', 'watermarkText', 'watermarkImage', 'convert'];

/** A new step of an operation, valid as it stands so the preview keeps rendering while it is edited. */
export function newStep(op: ProcessorOp): ProcessorStep {
  switch (op) {
    case 'resize':
      return { op, width: 400, fit: 'inside' };
    case 'crop':
      return { op, left: 0, top: 0, width: 200, height: 200 };
    case 'rotate':
      return { op, angle: 90 };
    case 'watermarkText':
      return { op, text: '©', fontSize: 24, color: '#ffffff', opacity: 0.6, gravity: 'southeast', margin: 16 };
    case 'watermarkImage':
      return { op, key: '', gravity: 'southeast', opacity: 0.8, scale: 0.2, margin: 16 };
    case 'convert':
      return { op, format: 'webp', quality: 80 };
  }
}

/** A step with one parameter changed; an emptied optional parameter is left out rather than sent as null. */
export function withParam(step: ProcessorStep, name: string, value: unknown): ProcessorStep {
  const next: Record<string, unknown> = { ...step };
  if (value === null || value === undefined || value === '') delete next[name];
  else next[name] = value;
  return next as ProcessorStep;
}

/** Moves the step at `from` by `delta` places (−1 up, +1 down); out of range leaves the list as it is. */
export function moveStep<T>(steps: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const canAddStep = (steps: readonly unknown[]): boolean => steps.length < PROCESSOR_LIMITS.steps;

/** A server problem: a JSON pointer into the body sent and what is wrong there. */
interface Problem {
  path: string;
  message: string;
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Problem).path === 'string' &&
  typeof (value as Problem).message === 'string';

/**
 * The server's `details.problems` sorted by the step they name (`/steps/2/width` → step 2), and
 * those naming no step (the name, the list as a whole) apart.
 */
export function problemsByStep(details: unknown): { steps: Map<number, string[]>; general: string[] } {
  const steps = new Map<number, string[]>();
  const general: string[] = [];
  const problems = (details as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(problems)) return { steps, general };
  for (const problem of problems.filter(isProblem)) {
    const index = /^\/steps\/(\d+)(?:\/|$)/.exec(problem.path)?.[1];
    if (index === undefined) general.push(problem.message);
    else steps.set(Number(index), [...(steps.get(Number(index)) ?? []), problem.message]);
  }
  return { steps, general };
}

/** An import's refused lines (`details.errors`), for the dialog to list one a row. */
export function importErrorsOf(details: unknown): { line: number; processor: string | null; message: string }[] {
  const errors = (details as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter(
      (error): error is { line: number; processor?: string | null; message: string } =>
        typeof error === 'object' && error !== null && typeof error.line === 'number' && typeof error.message === 'string',
    )
    .map(({ line, processor, message }) => ({ line, processor: processor ?? null, message }));
}
