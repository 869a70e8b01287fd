import type { ProcessorStep } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { ConfigError, loadConfig } from '../../../platform/config.ts';
import { createImageBudget, DEFAULT_IMAGE_BUDGET, imageBudget } from './image-budget.ts';
import { conversionCost } from './image-cost.ts';
import { applyProcessor } from './pipeline.ts';
import { gradientPng } from './test-images.ts';

const MB = 1024 * 1024;
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Which of the reservations have been granted so far, by name. */
function tracked(budget: ReturnType<typeof createImageBudget>) {
  const granted: string[] = [];
  const releases = new Map<string, () => void>();
  const take = (name: string, cost: number, options?: Parameters<typeof budget.reserve>[1]) => {
    const reservation = budget.reserve(cost, options).then((release) => {
      granted.push(name);
      releases.set(name, release);
    });
    return reservation;
  };
  const release = async (name: string) => {
    releases.get(name)!();
    await turn();
    await turn();
  };
  return { granted, take, release };
}

describe('the image budget', () => {
  it('lets reservations whose costs exceed the budget together wait, in order, until room is given back', async () => {
    const budget = createImageBudget({ bytes: 100 * MB, maxWaiting: 10 }, () => undefined);
    const { granted, take, release } = tracked(budget);
    void take('a', 60 * MB);
    void take('b', 30 * MB);
    void take('c', 40 * MB);
    void take('d', 5 * MB);
    await turn();
    // d would fit beside a and b, but waits behind c: a large cost at the head is never overtaken.
    expect(granted).toEqual(['a', 'b']);
    expect(budget.usage()).toEqual({ reserved: 90 * MB, running: 2, waiting: 2 });
    await release('a');
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    expect(budget.usage()).toEqual({ reserved: 75 * MB, running: 3, waiting: 0 });
    // A release given twice counts once.
    await release('a');
    expect(budget.usage().reserved).toBe(75 * MB);
  });

  it('runs a cost larger than the whole budget alone: once nothing runs, and nothing beside it', async () => {
    const budget = createImageBudget({ bytes: 100 * MB, maxWaiting: 10 }, () => undefined);
    const { granted, take, release } = tracked(budget);
    void take('small', 10 * MB);
    void take('huge', 300 * MB);
    void take('after', 1 * MB);
    await turn();
    expect(granted).toEqual(['small']);
    await release('small');
    expect(granted).toEqual(['small', 'huge']);
    await release('huge');
    expect(granted).toEqual(['small', 'huge', 'after']);
  });

  it('answers 503 with Retry-After in the error shape once waiting requests reach their bound, in number or in bytes held; jobs still wait', async () => {
    const budget = createImageBudget({ bytes: 100 * MB, maxWaiting: 2 }, () => undefined);
    const { granted, take, release } = tracked(budget);
    void take('running', 100 * MB);
    void take('first', 10 * MB);
    void take('second', 10 * MB);
    const refused = await budget.reserve(10 * MB).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(error.message).toMatch(/memory budget/);
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(error.details).toEqual({ retryAfterSeconds: Number(error.headers?.['retry-after']) });
    void take('job', 10 * MB, { wait: 'always' });
    // Nor may waiting requests hold more than a quarter of the budget in encoded input.
    const many = createImageBudget({ bytes: 100 * MB, maxWaiting: 10 }, () => undefined);
    void many.reserve(100 * MB);
    void many.reserve(1 * MB, { holding: 20 * MB });
    await expect(many.reserve(1 * MB, { holding: 6 * MB })).rejects.toMatchObject({ statusCode: 503 });
    void many.reserve(1 * MB, { holding: 4 * MB });
    expect(many.usage().waiting).toBe(2);
    await turn();
    expect(budget.usage()).toEqual({ reserved: 100 * MB, running: 1, waiting: 3 });
    await release('running');
    expect(granted).toEqual(['running', 'first', 'second', 'job']);
  });

  it('drops a reservation whose caller went away while waiting, and lets the next one in', async () => {
    const budget = createImageBudget({ bytes: 100 * MB, maxWaiting: 10 }, () => undefined);
    const { granted, take, release } = tracked(budget);
    void take('running', 80 * MB);
    const gone = new AbortController();
    const abandoned = take('abandoned', 50 * MB, { signal: gone.signal });
    void take('next', 20 * MB);
    await turn();
    expect(granted).toEqual(['running']);
    gone.abort(new Error('the client went away'));
    await expect(abandoned).rejects.toThrow('the client went away');
    expect(granted).toEqual(['running', 'next']);
    expect(budget.usage()).toEqual({ reserved: 100 * MB, running: 2, waiting: 0 });
    await release('running');
    expect(budget.usage()).toEqual({ reserved: 20 * MB, running: 1, waiting: 0 });
  });

  it('collects garbage after a large run before the next one starts', async () => {
    const events: string[] = [];
    const budget = createImageBudget({ bytes: 100 * MB, maxWaiting: 10 }, () => events.push('collected'));
    const release = await budget.reserve(90 * MB);
    const next = budget.reserve(90 * MB).then(() => events.push('next'));
    release();
    await next;
    expect(events).toEqual(['collected', 'next']);
  });
});

describe('what a run reserves', () => {
  const resize = (width: number, height: number): ProcessorStep => ({ op: 'resize', width, height, fit: 'cover' });
  const definition = (...steps: ProcessorStep[]) => ({ name: 'p', steps });

  it("counts the input, each raw image (a leading resize is decoded straight to its size) and the output's bound", () => {
    const side = { width: 10_000, height: 10_000 };
    const resized = 8192 * 8192 * 4;
    expect(conversionCost(300_000, side, definition(resize(8192, 8192)), 100_000_000)).toBe(300_000 + 2 * resized);
    // A rotation first: the whole image is decoded, then turned.
    const turned = definition({ op: 'rotate', angle: 90 }, resize(8192, 8192));
    expect(conversionCost(300_000, side, turned, 100_000_000)).toBe(300_000 + 2 * 400_000_000 + 2 * resized);
  });

  it('refuses a step over the pixel limit before anything waits for room', () => {
    expect(() => conversionCost(1, { width: 100, height: 100 }, definition(resize(20_000, 20_000)), 100_000_000)).toThrow(/20000×20000/);
  });

  it('gives the room back when a run fails (a crop outside the image fails after the reservation)', async () => {
    const input = await gradientPng(64, 48);
    const run = applyProcessor(input, definition({ op: 'crop', left: 60, top: 0, width: 10, height: 10 }), {
      loadImage: async () => undefined,
    });
    await expect(run).rejects.toMatchObject({ reason: 'crop-outside-image' });
    expect(imageBudget().usage()).toEqual({ reserved: 0, running: 0, waiting: 0 });
  });
});

describe('IMAGE_MEMORY_MB and IMAGE_QUEUE', () => {
  it('default to 512 MB and 16, are read in MB, and stop the start on a bad value', () => {
    expect(loadConfig({}).imageWork).toEqual(DEFAULT_IMAGE_BUDGET);
    expect(loadConfig({ IMAGE_MEMORY_MB: '256', IMAGE_QUEUE: '4' }).imageWork).toEqual({ bytes: 256 * MB, maxWaiting: 4 });
    expect(() => loadConfig({ IMAGE_MEMORY_MB: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMAGE_MEMORY_MB: 'lots' })).toThrow(/IMAGE_MEMORY_MB must be a whole number/);
    expect(() => loadConfig({ IMAGE_QUEUE: '-1' })).toThrow(/IMAGE_QUEUE/);
  });
});
