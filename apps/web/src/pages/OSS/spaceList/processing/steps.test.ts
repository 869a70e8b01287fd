import { describe, expect, it } from 'vitest';
import { canAddStep, importErrorsOf, moveStep, newStep, problemsByStep, STEP_OPS, withParam } from './steps.ts';

describe('processor step helpers', () => {
  it('offers a default for every operation, each naming its operation', () => {
    for (const op of STEP_OPS) expect(newStep(op).op).toBe(op);
  });

  it('leaves an emptied parameter out instead of sending null', () => {
    const step = withParam({ op: 'resize', width: 10, height: 20 }, 'height', null);
    expect(step).toEqual({ op: 'resize', width: 10 });
    expect(withParam(step, 'fit', 'cover')).toEqual({ op: 'resize', width: 10, fit: 'cover' });
  });

  it('moves steps within the list and ignores moves past either end', () => {
    expect(moveStep(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('stops adding steps at the limit', () => {
    expect(canAddStep(Array.from({ length: 11 }))).toBe(true);
    expect(canAddStep(Array.from({ length: 12 }))).toBe(false);
  });

  it('sorts server problems by the step they name', () => {
    const { steps, general } = problemsByStep({
      problems: [
        { path: '/steps/1/width', message: 'step 2 (resize): too wide' },
        { path: '/steps/1', message: 'step 2 (resize): needs a width or a height' },
        { path: '/name', message: 'bad name' },
        { nonsense: true },
      ],
    });
    expect([...steps.entries()]).toEqual([[1, ['step 2 (resize): too wide', 'step 2 (resize): needs a width or a height']]]);
    expect(general).toEqual(['bad name']);
    expect(problemsByStep(undefined).general).toEqual([]);
  });

  it('reads the refused lines of an import', () => {
    expect(importErrorsOf({ errors: [{ line: 3, column: 1, message: 'unknown step', processor: 'thumb' }, { line: 'x' }] })).toEqual([
      { line: 3, processor: 'thumb', message: 'unknown step' },
    ]);
    expect(importErrorsOf({})).toEqual([]);
  });
});
