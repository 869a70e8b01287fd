import { channelEndpoints, type Endpoint } from '@portal/contracts';
import { callForResponse } from '../../../api/call.ts';

/** Query-key root of the channel lists: invalidate it to reload them. */
export const CHANNELS_KEY = ['messageEngine', 'channels'] as const;

/** HEAD answers 200 when the value is taken, 404 when it is free. */
const taken = (endpoint: Endpoint, params: Record<string, string>) =>
  callForResponse(endpoint, { params } as never, { silent: true, validateStatus: (status) => status === 200 || status === 404 }).then(
    (response) => response.status === 200,
  );

export const isChannelIdTaken = (id: string) => taken(channelEndpoints.idTaken, { id });
export const isChannelNameTaken = (name: string) => taken(channelEndpoints.nameTaken, { name });
