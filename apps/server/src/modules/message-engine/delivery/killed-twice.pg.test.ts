import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../../test/app.ts';
import { copyTemplateDatabase } from '../../../../test/databases.ts';
import { seedAudience } from '../../../../test/factories/audience.ts';
import { runKilledSend } from '../../../../test/messages/killed-sends.ts';

const AUDIENCE = 600;
const CONNECTIONS = 5;

describe('an email to 600 people, the server killed with SIGKILL twice while it goes out and started again each time', () => {
  it(
    'reaches everyone; each kill re-sends at most the connections’ worth, and every attempt is in the log',
    { timeout: 120_000 },
    async () => {
      const database = await copyTemplateDatabase();
      const databaseUrl = String(database.pool?.options.connectionString);
      const groupId = await seedAudience(database, AUDIENCE);
      await database.close();

      const run = await runKilledSend({
        databaseUrl,
        groupId,
        audience: AUDIENCE,
        adminPassword: ADMIN_PASSWORD,
        killAt: [0.25, 0.6],
        connections: CONNECTIONS,
      });
      // Each kill came while the mail was still going out.
      expect(run.atKill.every((received) => received < AUDIENCE)).toBe(true);
      expect(run.received).toBe(AUDIENCE);
      expect(run.counts).toEqual({ total: AUDIENCE, delivered: AUDIENCE, pending: 0, failed: 0, skipped: 0 });
      // What a kill can re-send is what was under way: one mail per connection.
      for (const repeats of run.duplicatesPerKill) expect(repeats).toBeLessThanOrEqual(CONNECTIONS);
      expect(run.mails).toBe(AUDIENCE + run.duplicatesPerKill.reduce((sum, repeats) => sum + repeats, 0));
      // Every mail the peer got is an attempt in its receiver's log; each repeat follows an attempt cut off.
      expect(run.missingAttempts).toBe(0);
      expect(run.openAttempts).toBe(0);
      expect(run.expiredAttempts).toBeGreaterThanOrEqual(run.mails - AUDIENCE);
      console.log(`killed twice: ${JSON.stringify(run)}`);
    },
  );
});
