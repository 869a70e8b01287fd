import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp.ts';

/**
 * Every browser test fails on a Content-Security-Policy violation in a page it drove (the shell,
 * framed third-party pages, new tabs, micro apps): a policy that blocks part of the portal shows up
 * here rather than as a half-working page.
 */
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
