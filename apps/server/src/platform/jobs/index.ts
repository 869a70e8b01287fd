/** platform/jobs: the transactional outbox for long or retryable work (ARCHITECTURE.md "Data"). */
export { enqueue, enqueueMany, enqueueSelected, type NewJob } from './enqueue.ts';
export {
  createJobRunner,
  errorText,
  JOB_DEFAULTS,
  type JobContext,
  type JobHandler,
  type JobLog,
  type JobRunner,
  type JobRunnerOptions,
} from './runner.ts';
export { parkedJobs, retryParkedJob, retryParkedJobs } from './operator.ts';
export { retryDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.ts';
