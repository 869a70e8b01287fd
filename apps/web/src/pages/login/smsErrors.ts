import type { ApiErrorBody } from '@portal/contracts';

export type SmsFailureKey = 'wrong' | 'expired' | 'tooSoon' | 'notConfigured' | 'off' | 'locked' | 'failed';

/** Which translated text says why asking for a code, or signing in with it, failed; the values it shows. */
export function smsFailureOf(body: ApiErrorBody | undefined): { key: SmsFailureKey; values: Record<string, number> } {
  const details = body?.details ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  switch (body?.code) {
    case 'SMS_CODE_INVALID':
      return { key: details.expired === true ? 'expired' : 'wrong', values: {} };
    case 'TOO_MANY_REQUESTS':
      return { key: 'tooSoon', values: { seconds: number(details.retryAfterSeconds, 60) } };
    case 'NOT_CONFIGURED':
      return { key: 'notConfigured', values: {} };
    case 'SIGN_IN_OPTION_OFF':
      return { key: 'off', values: {} };
    case 'ACCOUNT_LOCKED':
      return { key: 'locked', values: { minutes: number(details.lockedMinutes, 15) } };
    default:
      return { key: 'failed', values: {} };
  }
}

/** Seconds until another code may be asked for after a 429 (the server's Retry-After), else none. */
export const waitAfter = (body: ApiErrorBody | undefined): number =>
  body?.code === 'TOO_MANY_REQUESTS' && typeof body.details?.retryAfterSeconds === 'number' ? body.details.retryAfterSeconds : 0;
