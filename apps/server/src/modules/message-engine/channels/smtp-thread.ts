/**
 * An SMTP pool (nodemailer) on a thread of its own. Composing and writing mail is most of what an
 * email delivery costs; on its own thread it runs beside the job runner, the database and the
 * HTTP server on the main one instead of taking turns with them. The main thread hands it each
 * message (a small plain object) and gets back whether the server accepted it.
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

// CommonJS evaluated in the thread: the pool, fed message by message, answering each by its number.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const nodemailer = require(workerData.nodemailer);
const transport = nodemailer.createTransport(workerData.options);
parentPort.on('message', ({ id, mail, close }) => {
  if (close) {
    transport.close();
    return void parentPort.close();
  }
  transport.sendMail(mail).then(
    () => parentPort.postMessage({ id }),
    (error) => parentPort.postMessage({ id, error: (error && error.message) || String(error) }),
  );
});
`;

const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');
/** How long closing waits for the pool's connections to end before stopping the thread. */
const CLOSE_TIMEOUT_MS = 5_000;

/** Starts the thread with a pool made from `options`. */
export function startSmtpThread(options: SmtpPoolOptions): SmtpThread {
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let ended: Error | undefined;
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { nodemailer: nodemailerPath, options } });
  worker.unref();
  worker.on('message', ({ id, error }: { id: number; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(error));
  });
  const endAll = (error: Error) => {
    ended ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', endAll);
  worker.on('exit', () => endAll(new Error('The SMTP pool stopped')));
  return {
    get ended() {
      return ended !== undefined;
    },
    send(mail) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, mail });
      });
    },
    async close() {
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
