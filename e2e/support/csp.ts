import type { BrowserContext } from 'playwright-core';

/**
 * What Chromium reports when the Content-Security-Policy blocks something ("Refused to load the
 * script …", "Refused to frame …"), from every page and frame of the watched browser contexts.
 */
const reported: string[] = [];

export function watchCspViolations(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) reported.push(`${message.location().url || message.page()?.url() || '?'}: ${text}`);
  });
}

/** The violations reported since the last call, forgetting them. */
export const takeCspViolations = (): string[] => reported.splice(0);
