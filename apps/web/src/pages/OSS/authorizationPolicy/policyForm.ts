import { ACCESS_KEY_ACTIONS, ALL_ACTIONS, ALL_BUCKETS, type AccessKeyAction, type AccessKeyPolicy } from '@portal/contracts';

/** The action checkboxes, by what they let a key do (every S3 action of the contracts is in one group). */
export const ACTION_GROUPS = {
  read: ['s3:GetObject', 's3:GetBucketLocation', 's3:GetBucketVersioning'],
  list: ['s3:ListAllMyBuckets', 's3:ListBucket', 's3:ListBucketVersions', 's3:ListBucketMultipartUploads', 's3:ListMultipartUploadParts'],
  write: ['s3:PutObject', 's3:CreateBucket', 's3:AbortMultipartUpload'],
  delete: ['s3:DeleteObject', 's3:DeleteBucket'],
} as const satisfies Record<string, readonly AccessKeyAction[]>;
export type ActionGroup = keyof typeof ACTION_GROUPS;

/** The policy as the form edits it: switches for "every bucket" and "every action", the expiry as a `datetime-local` value. */
export interface PolicyFormValues {
  allBuckets: boolean;
  buckets: string[];
  prefixes: string[];
  allActions: boolean;
  actions: AccessKeyAction[];
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone; '' for no expiry. */
  expiresAt: string;
  sourceCidrs: string[];
}

/** A new key's policy: read and list on every bucket, from anywhere, never expiring. */
export const NEW_POLICY: PolicyFormValues = {
  allBuckets: true,
  buckets: [],
  prefixes: [],
  allActions: false,
  actions: [...ACTION_GROUPS.read, ...ACTION_GROUPS.list],
  expiresAt: '',
  sourceCidrs: [],
};

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (browser time zone) as an ISO instant; null for '' or nonsense. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const cleanList = (entries: readonly string[]) => [...new Set(entries.map((entry) => entry.trim()).filter(Boolean))];

/** The form's values as the policy the server takes (trimmed, without duplicates, in the contracts' action order). */
export function toPolicy(values: PolicyFormValues): AccessKeyPolicy {
  return {
    buckets: values.allBuckets ? [ALL_BUCKETS] : cleanList(values.buckets),
    prefixes: cleanList(values.prefixes),
    actions: values.allActions ? [ALL_ACTIONS] : ACCESS_KEY_ACTIONS.filter((action) => values.actions.includes(action)),
    expiresAt: fromLocalInput(values.expiresAt),
    sourceCidrs: cleanList(values.sourceCidrs),
  };
}

/** A key's policy as the form shows it. */
export function fromPolicy(policy: AccessKeyPolicy): PolicyFormValues {
  const allActions = policy.actions.includes(ALL_ACTIONS);
  return {
    allBuckets: policy.buckets.includes(ALL_BUCKETS),
    buckets: policy.buckets.filter((bucket) => bucket !== ALL_BUCKETS),
    prefixes: [...policy.prefixes],
    allActions,
    actions: allActions ? [...ACCESS_KEY_ACTIONS] : policy.actions.filter((action): action is AccessKeyAction => action !== ALL_ACTIONS),
    expiresAt: policy.expiresAt === null ? '' : toLocalInput(policy.expiresAt),
    sourceCidrs: [...policy.sourceCidrs],
  };
}

/** Whether an expiry the form holds is still ahead (none is fine). */
export const expiryAhead = (value: string, now: Date = new Date()): boolean => {
  if (!value) return true;
  const instant = fromLocalInput(value);
  return instant !== null && Date.parse(instant) > now.getTime();
};

/** What a policy allows, in one line for the table: the groups it covers fully or partly, and its limits. */
export interface PolicySummary {
  buckets: 'all' | string[];
  /** Groups of actions, each `full` or `some`; 'all' for `s3:*`. */
  actions: 'all' | { group: ActionGroup; full: boolean }[];
  prefixes: number;
  sources: number;
}

export function summarise(policy: AccessKeyPolicy): PolicySummary {
  const groups = (Object.keys(ACTION_GROUPS) as ActionGroup[])
    .map((group) => {
      const members: readonly AccessKeyAction[] = ACTION_GROUPS[group];
      const held = members.filter((action) => policy.actions.includes(action)).length;
      return { group, held, full: held === members.length };
    })
    .filter((entry) => entry.held > 0)
    .map(({ group, full }) => ({ group, full }));
  return {
    buckets: policy.buckets.includes(ALL_BUCKETS) ? 'all' : policy.buckets,
    actions: policy.actions.includes(ALL_ACTIONS) ? 'all' : groups,
    prefixes: policy.prefixes.length,
    sources: policy.sourceCidrs.length,
  };
}
