import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotifyResult, StateCounts } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { messageIdFor } from '../../src/platform/mailer.ts';
import { openPostgres } from '../../src/platform/db/client.ts';
import { rawRows } from '../../src/platform/db/client.ts';
import { ADMIN_PASSWORD } from '../app.ts';
import { copyTemplateDatabase } from '../databases.ts';
import { AUDIENCE_SIZE, seedAudience } from '../factories/audience.ts';
import { freePort } from '../free-port.ts';
import { accessToken } from '../http-tokens.ts';
import { startIdempotentPeer } from '../jobs/idempotent-peer.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';
import { messageApi } from './message-api.ts';
import { startSmtpPeer } from '../smtp-peer.ts';

const MAIL_FROM = 'portal@crash.test';

export interface MessageCrashRun {
  /** Deliveries each peer had taken when the server was killed. */
  atKill: { mail: number; webhook: number };
  /** Distinct idempotency keys each peer saw, and how many of its deliveries repeated one. */
  mail: { keys: Set<string>; duplicates: number };
  webhook: { keys: ReadonlySet<string>; duplicates: number };
  /** The keys the message's receivers carry, per channel: what the peers must have seen, each once. */
  expected: { mail: Set<string>; webhook: Set<string> };
  inbox: number;
  counts: StateCounts;
  seconds: number;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The message crash test on PostgreSQL: a send to AUDIENCE_SIZE people on in-app, email (a local
 * SMTP server) and a webhook (a local HTTP server honouring Idempotency-Key); the server process is
 * killed with SIGKILL once the peers have taken `killAfter` deliveries between them, then started again on the
 * same database and left to finish. Answers what the peers and the database saw.
 */
export async function runMessageCrash(killAfter = 2_000): Promise<MessageCrashRun> {
  const database = await copyTemplateDatabase();
  const url = String(database.pool?.options.connectionString);
  const groupId = await seedAudience(database);
  await database.close();
  const smtp = await startSmtpPeer();
  const hook = await startIdempotentPeer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  // Its peers are on loopback, which the outbound guard refuses unless allowed; the dead process's
  // batches run again once their claims' lease is over, short here.
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    MAIL_FROM,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    OUTBOUND_ALLOW: '127.0.0.0/8',
    JOB_LEASE_MS: '3000',
  };
  const port = await freePort();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(port, env);
    const started = Date.now();
    // The same address after a restart: the calls go to whichever process is up.
    const api = messageApi(server.url, await accessToken(server.url, 'admin', ADMIN_PASSWORD));
    const smtpPort = Number(new URL(smtp.url).port);
    await api('POST', '/v1/channels', {
      type: 'email',
      id: 'crash-mail',
      name: 'Crash mail',
      settings: { host: '127.0.0.1', port: smtpPort, security: 'none', from: { address: MAIL_FROM } },
    });
    await api('POST', '/v1/channels', { type: 'webhook', id: 'crash-hook', name: 'Crash hook', settings: { url: hook.url } });
    for (const id of ['crash-mail', 'crash-hook']) await api('PATCH', `/v1/channels/${id}/state`);
    const sent = await api<NotifyResult>('POST', '/common/notify', {
      title: 'Crash test',
      content: 'Once each',
      channelIds: ['inApp', 'crash-mail', 'crash-hook'],
      to: { groupIds: [groupId] },
    });

    const mailKeys = () => new Set(smtp.received.map((mail) => mail.headers['message-id'] ?? ''));
    await until('deliveries before the kill', async () => (mailKeys().size + hook.applied().size >= killAfter ? true : undefined), 120_000);
    await server.kill('SIGKILL');
    const atKill = { mail: mailKeys().size, webhook: hook.applied().size };

    server = await startServerProcess(port, env);
    const counts = await until(
      'the restarted server to settle every delivery',
      async () => {
        const message = await api<{ counts: StateCounts }>('GET', `/v1/messages/${sent.id}`).catch(() => undefined);
        return message && message.counts.pending === 0 ? message.counts : undefined;
      },
      240_000,
    );
    const seconds = (Date.now() - started) / 1000;

    const check = openPostgres(url, 2);
    try {
      const receivers = await rawRows<{ channel: string; key: string }>(
        check.db,
        sql`select channel_id as channel, message_id::text || '.' || id::text as key from message_receivers
          where message_id = ${sent.id}::uuid and job_id is not null`,
      );
      const [inbox] = await rawRows<{ n: number }>(
        check.db,
        sql`select count(*)::int as n from inside_message_recipients r join messages m on m.inside_message_id = r.message_id where m.id = ${sent.id}::uuid`,
      );
      const keysOf = (channel: string) => new Set(receivers.filter((row) => row.channel === channel).map((row) => row.key));
      const mail = keysOf('crash-mail');
      return {
        atKill,
        mail: { keys: mailKeys(), duplicates: smtp.received.length - mailKeys().size },
        webhook: { keys: hook.applied(), duplicates: hook.duplicates() },
        expected: { mail: new Set([...mail].map((key) => messageIdFor(key, MAIL_FROM))), webhook: keysOf('crash-hook') },
        inbox: Number(inbox?.n ?? 0),
        counts,
        seconds,
      };
    } finally {
      await check.close();
    }
  } finally {
    await server?.kill('SIGTERM');
    await Promise.all([smtp.close(), hook.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export { AUDIENCE_SIZE };
