import { describe, expect, it } from 'vitest';
import { definitionProblems, isProcessorDefinition, stepProblems } from './definition-problems.ts';

describe('definitionProblems', () => {
  it('accepts a valid definition', () => {
    const valid = {
      name: 'thumb_2-x',
      steps: [
        { op: 'resize', width: 10 },
        { op: 'convert', format: 'avif', quality: 50 },
      ],
    };
    expect(definitionProblems(valid)).toEqual([]);
    expect(isProcessorDefinition(valid)).toBe(true);
  });

  it('names every problem by its path in words', () => {
    const problems = definitionProblems({
      name: 'Bad Name',
      steps: [{ op: 'resize', width: 9000, fit: 'stretch', colour: 1 }, { op: 'crop', left: -1, width: 10, height: 10 }, { op: 'spin' }],
      extra: true,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '/name', message: 'name must match ^[a-z0-9][a-z0-9_-]{0,62}$' },
        { path: '/extra', message: "unknown property 'extra'" },
        { path: '/steps/0/width', message: 'width must be at most 8192' },
        { path: '/steps/0/fit', message: 'fit must be one of cover, contain, fill, inside, outside' },
        { path: '/steps/0/colour', message: "unknown parameter 'colour'" },
        { path: '/steps/1/left', message: 'left must be at least 0' },
        { path: '/steps/1/top', message: 'top is required' },
        {
          path: '/steps/2/op',
          message: "unknown step 'spin': expected one of resize, crop, rotate, watermarkText, watermarkImage, convert",
        },
      ]),
    );
    expect(problems).toHaveLength(8);
  });

  it('asks a resize for a size, and bounds the step count', () => {
    expect(stepProblems({ op: 'resize', fit: 'cover' })).toEqual([{ path: '', message: 'resize needs a width or a height' }]);
    const many = Array.from({ length: 13 }, () => ({ op: 'rotate', angle: 90 }));
    expect(definitionProblems({ name: 'x', steps: many })).toEqual([{ path: '/steps', message: 'steps must be a list of 1 to 12 steps' }]);
    expect(definitionProblems({ name: 'x', steps: [] })).toHaveLength(1);
  });

  it('bounds text, colours and opacity', () => {
    const step = { op: 'watermarkText', text: 'x'.repeat(201), color: 'red', opacity: 1.5 };
    expect(stepProblems(step).map((problem) => problem.path)).toEqual(['/text', '/color', '/opacity']);
  });
});
