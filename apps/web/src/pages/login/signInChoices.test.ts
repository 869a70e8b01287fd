import { describe, expect, it } from 'vitest';
import { signInChoices } from './signInChoices.ts';

const oauth = { signInOptions: { password: true, qrcode: true, mobile: false, registration: true } };

describe('signInChoices', () => {
  it('offers what the public configuration has on', () => {
    expect(signInChoices({ signInOptions: ['password', 'qr'] }, oauth)).toEqual({ methods: ['password', 'qrcode'], registration: false });
    expect(signInChoices({ signInOptions: ['password', 'registration', 'registrationCaptcha'] }, oauth)).toEqual({
      methods: ['password'],
      registration: true,
    });
  });

  it('falls back to the sign-in configuration without the public one', () => {
    expect(signInChoices(null, oauth)).toEqual({ methods: ['password', 'qrcode'], registration: true });
    expect(signInChoices(null, null)).toEqual({ methods: ['password'], registration: false });
  });

  it('offers the SMS code when it is on', () => {
    expect(signInChoices({ signInOptions: ['password', 'smsCode', 'qr'] }, oauth)).toEqual({
      methods: ['password', 'sms', 'qrcode'],
      registration: false,
    });
    expect(signInChoices({ signInOptions: ['smsCode'] }, oauth)).toEqual({ methods: ['sms'], registration: false });
    expect(signInChoices(null, { signInOptions: { ...oauth.signInOptions, mobile: true } }).methods).toEqual(['password', 'sms', 'qrcode']);
  });

  it('never leaves the page without a form', () => {
    expect(signInChoices({ signInOptions: ['registration'] }, oauth)).toEqual({ methods: ['password'], registration: true });
  });
});
