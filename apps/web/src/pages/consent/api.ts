import { consentEndpoints } from '@portal/contracts';
import { call } from '../../api/call.ts';

/**
 * The consent page's calls: authenticated by the sign-in session's cookie, not a token (the page is
 * reached straight from authorize); the page shows their failures itself, and a 401 is no cue to refresh.
 */
const quiet = { silent: true, skipAuthRefresh: true } as const;

export const fetchConsentRequest = (ticket: string) => call(consentEndpoints.request, { query: { ticket } }, quiet);
export const answerConsent = (ticket: string, allow: boolean) => call(consentEndpoints.answer, { body: { ticket, allow } }, quiet);
