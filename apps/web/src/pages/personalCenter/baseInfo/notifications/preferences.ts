import type { MutableChannelType, MutedPair, Preferences } from '@portal/contracts';

/** The muted pairs of a preference table, as PUT /v1/preferences takes them. */
export const mutedPairs = (rows: Preferences): MutedPair[] =>
  rows.flatMap((row) =>
    (['email', 'sms'] as const)
      .filter((channelType) => row.muted[channelType])
      .map((channelType) => ({ classificationId: row.classificationId, channelType })),
  );

/** The table with one switch changed: `receive` false mutes the classification on that channel type. */
export const withReceiving = (
  rows: Preferences,
  classificationId: string,
  channelType: MutableChannelType,
  receive: boolean,
): Preferences =>
  rows.map((row) => (row.classificationId === classificationId ? { ...row, muted: { ...row.muted, [channelType]: !receive } } : row));

/** Whether two tables mute the same pairs (the draft against what is saved). */
export const sameMutes = (a: Preferences, b: Preferences): boolean => {
  const key = (rows: Preferences) =>
    mutedPairs(rows)
      .map((pair) => `${pair.classificationId}:${pair.channelType}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};
