import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * After a failed test, a full-page screenshot of each browser the file drives (named by who uses
 * it), for whoever debugs it. `sessions` is read at that moment, so it may name pages opened later.
 */
export function screenshotsOnFailure(file: string, sessions: () => Record<string, { page: Page } | undefined>): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [who, session] of Object.entries(sessions())) {
      const path = join(tmpdir(), `e2e-${file}-${who}.png`);
      await session?.page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.error(`screenshot of the ${who}'s page: ${path}`);
    }
  });
}
