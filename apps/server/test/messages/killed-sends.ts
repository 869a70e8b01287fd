import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotifyResult, StateCounts } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { messageIdFor } from '../../src/platform/mailer.ts';
import { openPostgres, rawRows } from '../../src/platform/db/client.ts';
import { freePort } from '../free-port.ts';
import { accessToken } from '../http-tokens.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';
import { messageApi } from './message-api.ts';
import { startSmtpPeer, type SmtpPeer } from '../smtp-peer.ts';

const MAIL_FROM = 'portal@killed.test';

export interface KilledSendOptions {
  /** A migrated, seeded PostgreSQL database holding the audience (seedAudience), and the audience's group. */
  databaseUrl: string;
  groupId: string;
  audience: number;
  adminPassword: string;
  /** When to kill: after this share of the audience has received the mail (distinct receivers), e.g. [0.3, 0.65]. */
  killAt: readonly number[];
  /** The channel's pooled SMTP connections: what may be under way at a kill. */
  connections: number;
}

export interface KilledSendRun {
  audience: number;
  connections: number;
  /** Distinct receivers the peer had when each kill came. */
  atKill: number[];
  /** Distinct receivers the peer got in the end, and mails it got in all. */
  received: number;
  mails: number;
  /** Mails the peer got again because of each kill (a receiver it already had; see tally). */
  duplicatesPerKill: number[];
  /** The most mails one receiver got. */
  mostPerReceiver: number;
  /** Receivers whose log lists fewer attempts than the peer got mails, or whose count disagrees with their log. */
  missingAttempts: number;
  /** Attempts left without an outcome, and those closed as cut off by a crash. */
  openAttempts: number;
  expiredAttempts: number;
  counts: StateCounts;
  seconds: number;
}

/** Resolves once `ready` holds, looking every millisecond: a kill must land while the mail is still going out. */
async function until(what: string, ready: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The message's counts once none of its receivers is pending (the restarted server may still be starting). */
async function settled(read: () => Promise<{ counts: StateCounts }>): Promise<StateCounts> {
  const deadline = Date.now() + 240_000;
  let last: StateCounts | undefined;
  for (;;) {
    last = (await read().catch(() => undefined))?.counts ?? last;
    if (last && last.pending === 0) return last;
    if (Date.now() > deadline) throw new Error(`the send did not settle: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const keyOf = (peer: SmtpPeer, index: number) => peer.received[index]?.headers['message-id'] ?? '';

/**
 * Counts the peer's mails: receivers, and the repeats each kill caused (`boundaries`: mails received
 * by each kill). A repeat is charged to the kill that cut off the process which had the first copy
 * accepted, the first kill after that copy: the process that sends it again may come after a later
 * kill (a dead process's batches wait for their lease, which may outlast the next kill).
 */
function tally(peer: SmtpPeer, boundaries: readonly number[]) {
  const firstAt = new Map<string, number>();
  const times = new Map<string, number>();
  const duplicatesPerKill = boundaries.map(() => 0);
  for (let index = 0; index < peer.received.length; index++) {
    const key = keyOf(peer, index);
    times.set(key, (times.get(key) ?? 0) + 1);
    const first = firstAt.get(key);
    if (first === undefined) {
      firstAt.set(key, index);
      continue;
    }
    const kill = boundaries.findIndex((boundary) => boundary > first);
    const charged = kill === -1 ? boundaries.length - 1 : kill;
    duplicatesPerKill[charged] = (duplicatesPerKill[charged] ?? 0) + 1;
  }
  return { times, duplicatesPerKill, mostPerReceiver: Math.max(0, ...times.values()) };
}

/** Each receiver's attempts as its row counts them and as its log lists them. */
async function attemptLogs(databaseUrl: string, messageId: string) {
  const check = openPostgres(databaseUrl, 2);
  try {
    return await rawRows<{ key: string; counted: number; logged: number; open: number; expired: number }>(
      check.db,
      sql`select ${messageId} || '.' || r.id::text as key, r.attempts as counted,
          count(a.attempt)::int as logged,
          count(a.attempt) filter (where a.outcome is null)::int as open,
          count(a.attempt) filter (where a.outcome = 'expired')::int as expired
        from message_receivers r left join message_delivery_attempts a on a.receiver_id = r.id
        where r.message_id = ${messageId}::uuid and r.job_id is not null group by r.id`,
    );
  } finally {
    await check.close();
  }
}

/**
 * A send to the audience by email through a local SMTP server, the server process killed with
 * SIGKILL at each share of `killAt` and started again on the same database, then left to finish.
 * Answers what the peer got (receivers, repeats after each kill) and what the records say (every
 * attempt listed, none left open).
 */
export async function runKilledSend(options: KilledSendOptions): Promise<KilledSendRun> {
  const smtp = await startSmtpPeer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-killed-'));
  const env = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    MAIL_FROM,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
    // The dead process's batches run again once their claims' lease is over: short here.
    JOB_LEASE_MS: '1500',
    OUTBOUND_ALLOW: '127.0.0.0/8',
  };
  const port = await freePort();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(port, env);
    const started = Date.now();
    // The same address after a restart: the calls go to whichever process is up.
    const api = messageApi(server.url, await accessToken(server.url, 'admin', options.adminPassword));
    await api('POST', '/v1/channels', {
      type: 'email',
      id: 'killed-mail',
      name: 'Killed mail',
      settings: {
        host: '127.0.0.1',
        port: Number(new URL(smtp.url).port),
        security: 'none',
        from: { address: MAIL_FROM },
        maxConnections: options.connections,
      },
    });
    await api('PATCH', '/v1/channels/killed-mail/state');
    const sent = await api<NotifyResult>('POST', '/common/notify', {
      title: 'Killed twice',
      content: 'Once each, or nearly',
      channelIds: ['killed-mail'],
      to: { groupIds: [options.groupId] },
    });

    const distinct = () => new Set(smtp.received.map((mail) => mail.headers['message-id'])).size;
    const atKill: number[] = [];
    const boundaries: number[] = [];
    for (const share of options.killAt) {
      await until(`${share * 100} % of the mail before a kill`, () => distinct() >= share * options.audience, 120_000);
      await server.kill('SIGKILL');
      atKill.push(distinct());
      boundaries.push(smtp.received.length);
      server = await startServerProcess(port, env);
    }
    const counts = await settled(() => api<{ counts: StateCounts }>('GET', `/v1/messages/${sent.id}`));
    const seconds = (Date.now() - started) / 1000;
    const peer = tally(smtp, boundaries);
    const logs = await attemptLogs(options.databaseUrl, sent.id);
    const mailed = (key: string) => peer.times.get(messageIdFor(key, MAIL_FROM)) ?? 0;
    return {
      audience: options.audience,
      connections: options.connections,
      atKill,
      received: peer.times.size,
      mails: smtp.received.length,
      duplicatesPerKill: peer.duplicatesPerKill,
      mostPerReceiver: peer.mostPerReceiver,
      missingAttempts: logs.filter((log) => log.logged < mailed(log.key) || log.counted !== log.logged).length,
      openAttempts: logs.reduce((sum, log) => sum + log.open, 0),
      expiredAttempts: logs.reduce((sum, log) => sum + log.expired, 0),
      counts,
      seconds,
    };
  } finally {
    await server?.kill('SIGTERM');
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
