import { Member } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

export const memberEndpoints = {
  // The one endpoint a third-party page's application token reaches: it learns who its user is.
  who: endpoint({
    access: 'signedIn',
    acceptsApplicationToken: true,
    tags: ['member'],
    method: 'GET',
    path: `${RECEPTION_CENTER_PREFIX}/member/who`,
    summary: 'The signed-in member',
    responses: { 200: Member },
  }),
};
