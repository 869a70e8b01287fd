import { describe, expect, it } from 'vitest';
import { AUDIENCE_SIZE, runMessageCrash } from '../../../../test/messages/crash-send.ts';

describe('a message to 10,000 people on in-app, email and webhook, the server killed with SIGKILL mid-way', () => {
  it('reaches each person exactly once per channel after a restart: by idempotency key at the peers, by row in the inbox', { timeout: 600_000 }, async () => {
    const run = await runMessageCrash();
    // Killed mid-way: some deliveries were done, others not.
    expect(run.atKill.mail).toBeLessThan(AUDIENCE_SIZE);
    expect(run.atKill.webhook).toBeLessThan(AUDIENCE_SIZE);
    expect(run.expected.mail.size).toBe(AUDIENCE_SIZE);
    expect(run.expected.webhook.size).toBe(AUDIENCE_SIZE);
    // Every key arrived, and no other: a repeat (a delivery cut off by the kill) carried the same key.
    expect(run.mail.keys).toEqual(run.expected.mail);
    expect(run.webhook.keys).toEqual(run.expected.webhook);
    expect(run.inbox).toBe(AUDIENCE_SIZE);
    expect(run.counts).toEqual({ total: 3 * AUDIENCE_SIZE, delivered: 3 * AUDIENCE_SIZE, pending: 0, failed: 0, skipped: 0 });
    console.log(
      `message crash test: killed at ${run.atKill.mail} mails and ${run.atKill.webhook} webhooks; repeats recognised by key: ` +
        `${run.mail.duplicates} mails, ${run.webhook.duplicates} webhooks; all settled in ${run.seconds.toFixed(1)} s`,
    );
  });
});
