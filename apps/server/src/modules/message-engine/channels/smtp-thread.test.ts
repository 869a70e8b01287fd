import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/free-port.ts';
import { startSmtpPeer } from '../../../../test/smtp-peer.ts';
import { startSmtpThread } from './smtp-thread.ts';

const poolTo = (port: number) => ({ pool: true, maxConnections: 2, host: '127.0.0.1', port, ignoreTLS: true, connectionTimeout: 2_000 });
const mail = (n: number) => ({
  from: 'portal@example.test',
  to: { name: `Person ${n}`, address: `person-${n}@example.test` },
  subject: `Mail ${n}`,
  text: `Body ${n}`,
  messageId: `<mail-${n}@example.test>`,
});

describe('the SMTP pool on its own thread', () => {
  it('delivers each message to the SMTP server and answers when it was accepted', async () => {
    const peer = await startSmtpPeer();
    const thread = startSmtpThread(poolTo(Number(new URL(peer.url).port)));
    try {
      await Promise.all([1, 2, 3].map((n) => thread.send(mail(n))));
      expect(peer.received.map((received) => received.headers['message-id']).sort()).toEqual(
        [1, 2, 3].map((n) => `<mail-${n}@example.test>`),
      );
      expect(peer.received.find((received) => received.headers.subject === 'Mail 2')?.text.trim()).toBe('Body 2');
    } finally {
      await thread.close();
      await peer.close();
    }
    expect(thread.ended).toBe(true);
    await expect(thread.send(mail(4))).rejects.toThrow(/stopped/);
  });

  it('answers each message handed over in one turn on its own: a refusal fails that message alone', async () => {
    const peer = await startSmtpPeer(undefined, { refuseFirst: 1 });
    const thread = startSmtpThread({ ...poolTo(Number(new URL(peer.url).port)), maxConnections: 1 });
    try {
      const outcomes = await Promise.allSettled([1, 2, 3].map((n) => thread.send(mail(n))));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect(peer.received.filter((received) => !received.refused).map((received) => received.headers.subject)).toEqual([
        'Mail 2',
        'Mail 3',
      ]);
    } finally {
      await thread.close();
      await peer.close();
    }
  });

  it('rejects a message the server cannot take with its reason, and keeps serving', async () => {
    const thread = startSmtpThread(poolTo(await freePort()));
    try {
      await expect(thread.send(mail(1))).rejects.toThrow(/ECONNREFUSED|connect/i);
      expect(thread.ended).toBe(false);
      await expect(thread.send(mail(2))).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      await thread.close();
    }
  });
});
