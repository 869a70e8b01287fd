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

  it('holds the end of a held message until its word: the server has none of it before, and none at all when the word is no', async () => {
    const peer = await startSmtpPeer();
    const thread = startSmtpThread(poolTo(Number(new URL(peer.url).port)));
    try {
      let go: () => void = () => undefined;
      const begun: number[] = [];
      const word = new Promise<void>((resolve) => (go = resolve));
      const held = thread.send(mail(1), () => (begun.push(1), word));
      const refused = thread.send(mail(2), () => Promise.reject(new Error('the attempt could not be recorded')));
      await expect(refused).rejects.toThrow();
      await expect.poll(() => begun, { timeout: 5_000 }).toEqual([1]);
      // On its connection, all but its end written: the server has not taken it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(peer.received).toHaveLength(0);
      go();
      await held;
      expect(peer.received.map((received) => received.headers['message-id'])).toEqual(['<mail-1@example.test>']);
      await thread.send(mail(3));
      expect(peer.received.map((received) => received.headers.subject)).toEqual(['Mail 1', 'Mail 3']);
    } finally {
      await thread.close();
      await peer.close();
    }
  });
});
