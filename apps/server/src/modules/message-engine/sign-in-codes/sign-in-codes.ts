import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { enqueue, type JobHandler } from '../../../platform/jobs/index.ts';
import type { ChannelSenders } from '../channels/sender.ts';
import { messageChannels } from '../tables.ts';
import { loadTemplates, renderForSend } from '../templates/render.ts';

/** The kind of job that sends one sign-in code by SMS. */
export const SIGN_IN_CODE_JOB = 'message.sign-in-code';

/** A sign-in code to send: to whom, the code, and when it stops being worth sending. */
export interface SignInCode {
  userId: string;
  name: string;
  phone: string;
  code: string;
  expiresAt: Date;
}

/** What the job carries until it is done (the platform clears the payloads of done jobs). */
interface SignInCodeJob {
  channelId: string;
  /** The `sign-in-code` template that words it, when there is one on a started SMS channel. */
  templateId?: string;
  userId: string;
  name: string;
  phone: string;
  code: string;
  minutes: number;
  notAfter: string;
}

const isSignInCodeJob = (payload: unknown): payload is SignInCodeJob => {
  const job = payload as Partial<SignInCodeJob> | null;
  return (
    typeof job?.channelId === 'string' &&
    typeof job.phone === 'string' &&
    typeof job.code === 'string' &&
    typeof job.minutes === 'number' &&
    typeof job.notAfter === 'string' &&
    typeof job.name === 'string'
  );
};

/** The default wording, in the system's name. */
export function defaultSignInCodeText(systemName: string, code: string, minutes: number): string {
  return `${systemName}: Your sign-in code is ${code}. It expires in ${minutes} minutes.`;
}

/** Sign-in codes by SMS: reception-center's mobile sign-in hands its codes here. They are not message records. */
export interface SignInCodes {
  /** Whether a started SMS channel exists (codes can go out). */
  available(db?: Db): Promise<boolean>;
  /**
   * Queues the code's SMS in the caller's transaction, on the earliest created started SMS channel,
   * retried up to that channel's attempt limit and dropped once the code has expired. Answers false
   * (queuing nothing) when no SMS channel is started.
   */
  enqueue(tx: Db, code: SignInCode): Promise<boolean>;
}

/** The id of the template that words sign-in codes (variables `code` and `minutes`), when an administrator writes one. */
export const SIGN_IN_CODE_TEMPLATE = 'sign-in-code';

/** The `sign-in-code` template, when its channel is a started SMS channel: it chooses the channel and words the text. */
async function codeTemplate(db: Db) {
  const [template] = await loadTemplates(db, [SIGN_IN_CODE_TEMPLATE]);
  return template?.channelType === 'sms' && template.channelState === 'started' ? template : undefined;
}

/** The started SMS channel with this id, or without one the earliest created started SMS channel, if any. */
async function smsChannel(db: Db, id?: string) {
  const [channel] = await db
    .select({ id: messageChannels.id, maxAttempts: messageChannels.maxAttempts })
    .from(messageChannels)
    .where(
      and(eq(messageChannels.type, 'sms'), eq(messageChannels.state, 'started'), id === undefined ? undefined : eq(messageChannels.id, id)),
    )
    .orderBy(asc(messageChannels.createdAt), asc(messageChannels.id))
    .limit(1);
  return channel;
}

/**
 * Reads nothing but the channels inside the caller's transaction: the text is worded when the job
 * runs (the system's name comes from the settings, read outside any transaction).
 */
export function createSignInCodes(db: Db): SignInCodes {
  return {
    available: async (from = db) => (await smsChannel(from)) !== undefined,
    async enqueue(tx, code) {
      const template = await codeTemplate(tx);
      const channel = await smsChannel(tx, template?.channelId);
      if (!channel) return false;
      const payload: SignInCodeJob = {
        channelId: channel.id,
        ...(template ? { templateId: template.id } : {}),
        userId: code.userId,
        name: code.name,
        phone: code.phone,
        code: code.code,
        minutes: Math.max(1, Math.round((code.expiresAt.getTime() - Date.now()) / 60_000)),
        notAfter: code.expiresAt.toISOString(),
      };
      await enqueue(tx, { kind: SIGN_IN_CODE_JOB, payload, maxFailures: channel.maxAttempts });
      return true;
    },
  };
}

/** The text of a code: the template's body when it names one (and still exists), else the default wording. */
async function codeText(db: Db, job: SignInCodeJob, systemName: () => Promise<string>): Promise<string> {
  const [template] = job.templateId ? await loadTemplates(db, [job.templateId]) : [];
  if (template) return renderForSend(template, { code: job.code, minutes: job.minutes }).body;
  return defaultSignInCodeText(await systemName(), job.code, job.minutes);
}

/** Sends a queued sign-in code through its SMS channel, in the template's words or the system's name, unless it has expired meanwhile. */
export function sendSignInCodeJob(db: Db, senders: ChannelSenders, systemName: () => Promise<string>): JobHandler {
  return async ({ jobId, payload, idempotencyKey }) => {
    if (!isSignInCodeJob(payload)) throw new Error('not a sign-in code: channel, phone, code and expiry are required');
    if (Date.parse(payload.notAfter) < Date.now()) return;
    await senders.send(payload.channelId, {
      messageId: jobId,
      idempotencyKey,
      receiver: { userId: payload.userId, name: payload.name, address: payload.phone },
      subject: 'Sign-in code',
      body: await codeText(db, payload, systemName),
      format: 'text',
    });
  };
}

/**
 * Refuses (409 naming the setting) to disable or delete the last started SMS channel while SMS-code
 * sign-in is on (`smsSignInOn`, the auth settings): its users could no longer sign in.
 */
export async function assertNotLastSignInChannel(db: Db, channelId: string, smsSignInOn: () => Promise<boolean>): Promise<void> {
  const started = await db
    .select({ id: messageChannels.id })
    .from(messageChannels)
    .where(and(eq(messageChannels.type, 'sms'), eq(messageChannels.state, 'started')))
    .limit(2);
  if (started.length !== 1 || started[0]?.id !== channelId || !(await smsSignInOn())) return;
  throw new AppError(
    'CONFLICT',
    'This is the last started SMS channel and SMS-code sign-in is on: switch off signInOptions.smsCode in the auth settings first',
    { setting: 'auth.signInOptions.smsCode' },
  );
}
