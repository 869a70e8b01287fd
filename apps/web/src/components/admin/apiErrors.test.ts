import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { apiErrorOf, fieldErrorOf } from './apiErrors.ts';

const failure = (status: number, data: unknown): AxiosError => {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
};

describe('apiErrorOf', () => {
  it('reads the common error body with its status', () => {
    expect(apiErrorOf(failure(409, { code: 'CONFLICT', message: 'taken' }))).toEqual({ code: 'CONFLICT', message: 'taken', status: 409 });
  });

  it('ignores other failures', () => {
    expect(apiErrorOf(failure(502, '<html>'))).toBeUndefined();
    expect(apiErrorOf(new Error('boom'))).toBeUndefined();
  });
});

describe('fieldErrorOf', () => {
  const fields = ['username', 'email'];

  it('finds the field a conflict names', () => {
    const error = failure(409, { code: 'CONFLICT', message: 'Username is taken', details: { field: 'username' } });
    expect(fieldErrorOf(error, fields)).toEqual({ field: 'username', message: 'Username is taken' });
  });

  it('finds the field of a schema validation path', () => {
    const error = failure(400, {
      code: 'VALIDATION_FAILED',
      message: 'must match format "email"',
      details: { instancePath: '/body/email' },
    });
    expect(fieldErrorOf(error, fields)).toEqual({ field: 'email', message: 'must match format "email"' });
  });

  it('reads a validation field given as a path', () => {
    const error = failure(400, { code: 'VALIDATION_FAILED', message: 'body.phone must match pattern', details: { field: 'body.phone' } });
    expect(fieldErrorOf(error, ['phone'])).toEqual({ field: 'phone', message: 'body.phone must match pattern' });
  });

  it('returns nothing for a field the form does not have', () => {
    const error = failure(409, { code: 'CONFLICT', message: 'x', details: { field: 'code' } });
    expect(fieldErrorOf(error, fields)).toBeUndefined();
  });
});
