/**
 * An SMTP pool (nodemailer) on a thread of its own. Composing and writing mail is most of what an
 * email delivery costs; on its own thread it runs beside the job runner, the database and the
 * HTTP server on the main one instead of taking turns with them. The main thread hands it the
 * messages (small plain objects) and gets back whether the server accepted each.
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
  /** Resolves once the SMTP server accepted the message; rejects with its refusal or the connection's failure. */
  send(mail: SmtpMail): Promise<void>;
  /** Closes the pool's connections and ends the thread. */
  close(): Promise<void>;
}

// CommonJS evaluated in the thread: the pool, fed a group of messages at a time and answering each
// group once all of its messages are settled, with every message's refusal (null when accepted).
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const nodemailer = require(workerData.nodemailer);
const transport = nodemailer.createTransport(workerData.options);
const refusalOf = (error) => (error && error.message) || String(error);
parentPort.on('message', ({ id, mails, close }) => {
  if (close) {
    transport.close();
    return void parentPort.close();
  }
  Promise.all(mails.map((mail) => transport.sendMail(mail).then(() => null, refusalOf))).then((refusals) =>
    parentPort.postMessage({ id, refusals }),
  );
});
`;

const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');
/** How long closing waits for the pool's connections to end before stopping the thread. */
const CLOSE_TIMEOUT_MS = 5_000;

/** A message handed over and not yet answered. */
interface Waiting {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Starts the thread with a pool made from `options`. The messages handed over in one turn of the
 * event loop (a delivery batch's, typically) cross to the thread as one group and come back as one
 * answer: a message per mail each way was a tenth of the thread's work.
 */
export function startSmtpThread(options: SmtpPoolOptions): SmtpThread {
  const groups = new Map<number, Waiting[]>();
  let nextGroup = 0;
  let forming: { mails: SmtpMail[]; waiting: Waiting[] } | undefined;
  let ended: Error | undefined;
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { nodemailer: nodemailerPath, options } });
  worker.unref();
  worker.on('message', ({ id, refusals }: { id: number; refusals: (string | null)[] }) => {
    const waiting = groups.get(id) ?? [];
    groups.delete(id);
    waiting.forEach((each, index) => {
      const refusal = refusals[index];
      if (refusal === null || refusal === undefined) each.resolve();
      else each.reject(new Error(refusal));
    });
  });
  const endAll = (error: Error) => {
    ended ??= error;
    for (const waiting of groups.values()) for (const each of waiting) each.reject(error);
    groups.clear();
  };
  worker.on('error', endAll);
  worker.on('exit', () => endAll(new Error('The SMTP pool stopped')));
  const handOver = () => {
    if (!forming) return;
    const { mails, waiting } = forming;
    forming = undefined;
    if (ended) return waiting.forEach((each) => each.reject(ended as Error));
    const id = nextGroup++;
    groups.set(id, waiting);
    worker.postMessage({ id, mails });
  };
  return {
    get ended() {
      return ended !== undefined;
    },
    send(mail) {
      if (ended) return Promise.reject(ended);
      if (!forming) {
        forming = { mails: [], waiting: [] };
        setImmediate(handOver);
      }
      const group = forming;
      group.mails.push(mail);
      return new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }));
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
