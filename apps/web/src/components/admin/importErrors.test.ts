import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { importErrorRows } from './importErrors.ts';

const answer = (status: number, data: unknown): AxiosError => {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
};

const refused = (rows: unknown) => answer(400, { code: 'VALIDATION_FAILED', message: '2 rows are invalid', details: { rows } });

describe('importErrorRows', () => {
  it('reads flat rows with field or column', () => {
    expect(
      importErrorRows(
        refused([
          { row: 3, field: 'email', message: 'not an email address' },
          { row: 5, column: 'username', message: 'already taken' },
        ]),
      ),
    ).toEqual([
      { row: 3, field: 'email', message: 'not an email address' },
      { row: 5, field: 'username', message: 'already taken' },
    ]);
  });

  it("reads the server's { row, field, reason } rows", () => {
    expect(importErrorRows(refused([{ row: 2, field: 'username', reason: 'already exists' }]))).toEqual([
      { row: 2, field: 'username', message: 'already exists' },
    ]);
  });

  it('spreads rows that list several problems', () => {
    expect(importErrorRows(refused([{ row: 7, errors: ['name is required', { field: 'phone', message: 'bad phone' }] }]))).toEqual([
      { row: 7, message: 'name is required' },
      { row: 7, field: 'phone', message: 'bad phone' },
    ]);
  });

  it('is null for failures that carry no rows', () => {
    expect(importErrorRows(answer(400, { code: 'BAD_REQUEST', message: 'not a spreadsheet' }))).toBeNull();
    expect(importErrorRows(answer(403, { code: 'FORBIDDEN', message: 'no', details: { rows: [] } }))).toBeNull();
    expect(importErrorRows(new Error('network'))).toBeNull();
  });

  it('skips entries that are not objects and marks a missing row number', () => {
    expect(importErrorRows(refused(['junk', { message: 'sheet is empty' }]))).toEqual([{ row: '?', message: 'sheet is empty' }]);
  });
});
