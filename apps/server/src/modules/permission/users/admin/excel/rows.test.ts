import { describe, expect, it } from 'vitest';
import { checkRows } from './rows.ts';

const row = (n: number, cells: Record<string, string>) => ({ row: n, cells });

describe('checking the rows of an import file', () => {
  it('accepts good rows, splitting codes on commas, semicolons and spaces', () => {
    const { rows, errors } = checkRows([
      row(2, { username: 'jdoe', name: 'Jane', email: 'j@x.io', phone: '+1 555-0100', positionCodes: 'a, b;c  a' }),
    ]);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ username: 'jdoe', positionCodes: ['a', 'b', 'c'], groupCodes: [], initialPassword: null });
  });

  it('names each problem with its row and field, all of them at once', () => {
    const { errors } = checkRows([
      row(2, { name: 'No username' }),
      row(3, { username: 'ab', name: 'Too short' }),
      row(4, { username: 'ok-user', name: 'x'.repeat(101), email: 'a@b', phone: 'phone', initialPassword: 'short' }),
      row(5, { username: 'OK-USER', name: 'Dup', groupCodes: 'bad code!' }),
      row(6, { username: 'fine' }),
    ]);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'username', reason: 'missing username' },
        { row: 3, field: 'username', reason: expect.stringMatching(/3 to 64/) },
        { row: 4, field: 'name', reason: expect.stringMatching(/longer than 100/) },
        { row: 4, field: 'email', reason: 'invalid email "a@b"' },
        { row: 4, field: 'phone', reason: 'invalid phone "phone"' },
        { row: 4, field: 'initial password', reason: expect.stringMatching(/8 to 128/) },
        { row: 5, field: 'group codes', reason: 'invalid code "code!"' },
        { row: 5, field: 'username', reason: 'duplicate username within the file (first in row 4)' },
        { row: 6, field: 'name', reason: 'missing name' },
      ]),
    );
    expect(errors).toHaveLength(9);
  });
});
