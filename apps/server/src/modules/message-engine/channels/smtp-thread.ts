/**
 * An SMTP pool (nodemailer) on a thread of its own. Composing and writing mail is most of what an
 * email delivery costs; on its own thread it runs beside the job runner, the database and the
 * HTTP server on the main one instead of taking turns with them. The main thread hands it the
 * messages (small plain objects) and gets back whether the server accepted each.
 *
 * A message may be held: the server accepts a mail only at the end of its data, so the thread
 * sends everything else as soon as the mail is on a connection and holds back that end until the
 * main thread says go (the delivery job has recorded the attempt's start by then). A crash before
 * the word leaves the server with half a mail, which it discards; after it, the record exists.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** nodemailer's pooled SMTP transport options (plain data: they are copied to the thread). */
export type SmtpPoolOptions = Record<string, unknown>;

/** One message as nodemailer's sendMail takes it (plain data). */
export interface SmtpMail {
  from: string | { name: string; address: string };
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  messageId: string;
}

export interface SmtpThread {
  /** The thread has ended (closed, or failed): it sends no more. */
  readonly ended: boolean;
  /**
   * Resolves once the SMTP server accepted the message; rejects with its refusal or the
   * connection's failure. With `beforeAccept`, the end of the data waits for it once the message
   * is on a connection; if it rejects, the message is cut off before the server could accept it.
   */
  send(mail: SmtpMail, beforeAccept?: () => Promise<void>): Promise<void>;
  /** Closes the pool's connections and ends the thread. */
  close(): Promise<void>;
}

// CommonJS evaluated in the thread. Each way, what one turn of the event loop produced crosses as
// one message: the mails handed over, and back the mails settled (their refusal, null when
// accepted) and the held mails that got a connection (`begun`), which the main thread answers
// with a word per mail (`words`: null to let it end, or why not).
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Transform } = require('node:stream');
const nodemailer = require(workerData.nodemailer);
const transport = nodemailer.createTransport(workerData.options);
const refusalOf = (error) => (error && error.message) || String(error);
let out;
const flush = () => {
  if (!out) return;
  parentPort.postMessage(out);
  out = undefined;
};
const post = (kind, entry) => {
  if (!out) {
    out = { settled: [], begun: [] };
    setImmediate(flush);
  }
  out[kind].push(entry);
  // A held mail waits for its word: it crosses at once, with the mails settled before it.
  if (kind === 'begun') flush();
};
const holds = new Map();
const finish = (word, done) => (word === null ? done() : done(new Error(word)));
// Made when the pool puts the message on a connection (again, if it moves to another one).
const holdingEnd = (id) => () => {
  post('begun', id);
  return new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush(done) {
      const hold = holds.get(id);
      if (!hold) return done(new Error('The delivery was given up'));
      if (hold.word !== undefined) return finish(hold.word, done);
      hold.waiting.push(done);
    },
  });
};
transport.use('stream', (mail, done) => {
  if (mail.data.held !== undefined) mail.message.transform(holdingEnd(mail.data.held));
  done();
});
parentPort.on('message', ({ mails, words, close }) => {
  if (close) {
    transport.close();
    return void parentPort.close();
  }
  for (const [id, word] of words ?? []) {
    const hold = holds.get(id);
    if (!hold || hold.word !== undefined) continue;
    hold.word = word;
    for (const done of hold.waiting.splice(0)) finish(word, done);
  }
  for (const { id, mail, held } of mails ?? []) {
    if (held) holds.set(id, { word: undefined, waiting: [] });
    transport.sendMail(held ? { ...mail, held: id } : mail).then(() => null, refusalOf).then((refusal) => {
      holds.delete(id);
      post('settled', [id, refusal]);
    });
  }
});
`;

const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');
/** How long closing waits for the pool's connections to end before stopping the thread. */
const CLOSE_TIMEOUT_MS = 5_000;

/** A message handed over and not yet answered. */
interface Waiting {
  resolve(): void;
  reject(error: Error): void;
  beforeAccept: (() => Promise<void>) | undefined;
  /** The word given once the message got a connection (asked once, however often it moves). */
  word?: Promise<string | null>;
}

type Outgoing = { mails: { id: number; mail: SmtpMail; held: boolean }[] };

const refusalOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'refused';

/**
 * Starts the thread with a pool made from `options`. What one turn of the event loop hands over
 * (a delivery batch's messages, typically) crosses to the thread as one message: a message per
 * mail each way was a tenth of the thread's work.
 */
export function startSmtpThread(options: SmtpPoolOptions): SmtpThread {
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let outgoing: Outgoing | undefined;
  let ended: Error | undefined;
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { nodemailer: nodemailerPath, options } });
  worker.unref();

  const handOver = () => {
    if (!outgoing) return;
    const message = outgoing;
    outgoing = undefined;
    if (!ended) worker.postMessage(message);
  };
  const queued = (): Outgoing => {
    if (!outgoing) {
      outgoing = { mails: [] };
      setImmediate(handOver);
    }
    return outgoing;
  };

  worker.on('message', ({ settled, begun }: { settled: [number, string | null][]; begun: number[] }) => {
    // Settled ones first: their outcomes are recorded before the starts of the mails that follow
    // them on the same connections.
    for (const [id, refusal] of settled) {
      const each = waiting.get(id);
      waiting.delete(id);
      if (refusal === null) each?.resolve();
      else each?.reject(new Error(refusal));
    }
    for (const id of begun) {
      const each = waiting.get(id);
      if (!each?.beforeAccept) continue;
      each.word ??= each.beforeAccept().then(() => null, refusalOf);
      // The mail waits on its connection for this: it crosses at once, not at the end of the turn.
      void each.word.then((word) => !ended && worker.postMessage({ words: [[id, word]] }));
    }
  });
  const endAll = (error: Error) => {
    ended ??= error;
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  };
  worker.on('error', endAll);
  worker.on('exit', () => endAll(new Error('The SMTP pool stopped')));
  return {
    get ended() {
      return ended !== undefined;
    },
    send(mail, beforeAccept) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      queued().mails.push({ id, mail, held: beforeAccept !== undefined });
      return new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject, beforeAccept }));
    },
    async close() {
      handOver();
      if (ended) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ close: true });
      // A connection that will not close does not hold up a shutdown: the thread is stopped.
      const stuck = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(stuck);
    },
  };
}
