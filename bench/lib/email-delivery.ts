import { spawn } from 'node:child_process';
import { AUDIENCE_SIZE } from '../../apps/server/test/factories/audience.ts';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/smtp-peer.ts';
import { spreadOf, timedSend, type PortalClient, type Spread } from './message-client.ts';
import type { Check } from './report.ts';
import { ROOT } from './server.ts';

/** Alternating rounds of the portal and of nodemailer straight to the same SMTP server. */
const EMAIL_ROUNDS = 3;
/** Pooled connections of both paths (the channel's default). */
const CONNECTIONS = 5;

export interface EmailFigures {
  messages: number;
  /** Messages per second at the peer (first to last mail), per round. */
  portal: Spread;
  /** Messages per second from the send request until every receiver was settled (the send's transaction included). */
  endToEnd: Spread;
  direct: Spread;
  /** Portal ÷ direct, per pair of rounds. */
  ratio: Spread;
  delivered: number[];
}

/** Messages per second at the peer: from the first mail received to the last. */
function peerRate(peer: SmtpPeer): number {
  const times = peer.received.map((mail) => mail.at);
  const span = Math.max(...times) - Math.min(...times);
  return Math.round(((times.length - 1) * 1000) / Math.max(span, 1));
}

/** nodemailer straight to the peer, in a process of its own (bench/nodemailer-direct.ts), until it has sent `count` messages. */
function sendDirect(port: number, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/nodemailer-direct.ts'], {
      cwd: ROOT,
      env: { ...process.env, SMTP_PORT: String(port), COUNT: String(count), CONNECTIONS: String(CONNECTIONS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nodemailer-direct exited ${code}: ${output}`))));
  });
}

/**
 * Email to the whole audience through an email channel pointing at a local SMTP server, from the send
 * request until every receiver is settled (the send's transaction included), against nodemailer sending
 * the same number of messages straight to that server with as many pooled connections.
 */
export async function emailDelivery(api: PortalClient, groupId: string): Promise<EmailFigures> {
  const peer: SmtpPeer = await startSmtpPeer();
  const port = Number(new URL(peer.url).port);
  try {
    await api('POST', '/v1/channels', {
      type: 'email',
      id: 'bench-mail',
      name: 'Benchmark mail',
      settings: { host: '127.0.0.1', port, security: 'none', from: { address: 'portal@bench.test' }, maxConnections: CONNECTIONS },
    });
    await api('PATCH', '/v1/channels/bench-mail/state');
    const portal: number[] = [];
    const endToEnd: number[] = [];
    const direct: number[] = [];
    const delivered: number[] = [];
    for (let round = 0; round < EMAIL_ROUNDS; round++) {
      const { ms, counts } = await timedSend(api, {
        title: `Email round ${round}`,
        content: 'Benchmark',
        channelIds: ['bench-mail'],
        to: { groupIds: [groupId] },
      });
      portal.push(peerRate(peer));
      endToEnd.push(Math.round((AUDIENCE_SIZE * 1000) / ms));
      delivered.push(counts.delivered);
      peer.received.length = 0;
      await sendDirect(port, AUDIENCE_SIZE);
      direct.push(peerRate(peer));
      peer.received.length = 0;
    }
    const ratio = portal.map((rate, index) => Math.round((rate / (direct[index] ?? Infinity)) * 100) / 100);
    return {
      messages: AUDIENCE_SIZE,
      portal: spreadOf(portal),
      endToEnd: spreadOf(endToEnd),
      direct: spreadOf(direct),
      ratio: spreadOf(ratio),
      delivered,
    };
  } finally {
    await peer.close();
  }
}

export const emailChecks = (figures: EmailFigures): Check[] => [
  {
    target: 'email to the local SMTP peer ≥ 300 messages/s (PostgreSQL)',
    value: `median ${figures.endToEnd.median}/s from the request to the last receiver settled (${figures.endToEnd.min}–${figures.endToEnd.max} over ${figures.endToEnd.values.length} rounds of ${figures.messages.toLocaleString('en')}); at the peer ${figures.portal.median}/s; delivered ${figures.delivered.join('/')}`,
    pass: figures.endToEnd.min >= 300 && figures.delivered.every((count) => count === figures.messages),
  },
  {
    target: 'email ≥ 0.8 × nodemailer straight to the same peer (rates at the peer, alternating rounds)',
    value: `median ${figures.ratio.median} × (${figures.ratio.values.join(', ')}; portal ${figures.portal.values.join(', ')}/s, nodemailer ${figures.direct.values.join(', ')}/s)`,
    pass: figures.ratio.median >= 0.8,
  },
];
