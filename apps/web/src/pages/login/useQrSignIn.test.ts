import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { pollFailure } from './useQrSignIn.ts';

const refused = (status: number, code: string): AxiosError => {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data: { code, message: code }, headers: {}, config };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
};

describe("a QR round's failed poll", () => {
  it('ends the round when QR sign-in is off or the account must first set up an authenticator app', () => {
    expect(pollFailure(refused(403, 'SIGN_IN_OPTION_OFF')).status).toBe('optionOff');
    expect(pollFailure(refused(403, 'MFA_ENROLMENT_REQUIRED')).status).toBe('enrolFirst');
  });

  it('counts anything else as still pending: the next poll may work', () => {
    expect(pollFailure(refused(502, 'BAD_GATEWAY')).status).toBe('pending');
    expect(pollFailure(new Error('network')).status).toBe('pending');
  });
});
