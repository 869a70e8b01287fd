import { AUDIENCE_SIZE, seedAudience } from '../../apps/server/test/factories/audience.ts';
import { MESSAGE_ROUNDS, portalClient, spreadOf, timedSend, type PortalClient, type Spread } from './message-client.ts';
import type { Check } from './report.ts';
import { emailChecks, emailDelivery } from './email-delivery.ts';
import { startPortal } from './server.ts';
import { accessToken } from './tokens.ts';

export interface InAppFigures {
  audience: number;
  ms: Spread;
  delivered: number[];
}

/** In-app delivery to the whole audience: the inbox rows are written in the send's transaction. */
export async function inAppDelivery(api: PortalClient, groupId: string): Promise<InAppFigures> {
  const times: number[] = [];
  const delivered: number[] = [];
  for (let round = 0; round < MESSAGE_ROUNDS; round++) {
    const { ms, counts } = await timedSend(api, {
      title: `In-app round ${round}`,
      content: 'Benchmark',
      channelIds: ['inApp'],
      to: { groupIds: [groupId] },
    });
    times.push(Math.round(ms));
    delivered.push(counts.delivered);
  }
  return { audience: AUDIENCE_SIZE, ms: spreadOf(times), delivered };
}

export const inAppChecks = (figures: InAppFigures): Check[] => [
  {
    target: `in-app delivery to ${figures.audience.toLocaleString('en')} receivers within 2 s (PostgreSQL)`,
    value: `median ${figures.ms.median} ms (${figures.ms.min}–${figures.ms.max} ms over ${figures.ms.values.length} sends), delivered ${figures.delivered.join('/')}`,
    pass: figures.ms.max < 2_000 && figures.delivered.every((count) => count === figures.audience),
  },
];

/** Every message figure in one run, on PostgreSQL. */
export async function messageBenchmarks(databaseUrl: string) {
  let groupId = '';
  const server = await startPortal(databaseUrl, { prepare: async (database) => void (groupId = await seedAudience(database)) });
  try {
    const api = portalClient(server.url, await accessToken(server.url));
    const inApp = await inAppDelivery(api, groupId);
    const email = await emailDelivery(api, groupId);
    return { inApp, email, checks: [...inAppChecks(inApp), ...emailChecks(email)] };
  } finally {
    await server.stop();
  }
}
