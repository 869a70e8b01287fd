import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { iconNameOf, localProblemOf, refusalOf } from './uploadChecks.ts';

const failed = (status: number, data: unknown) =>
  new AxiosError('failed', 'ERR', undefined, undefined, {
    status,
    data,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

describe('icon upload checks', () => {
  it('names an icon by its file name without the extension', () => {
    expect(iconNameOf('arrow-left.svg')).toBe('arrow-left');
    expect(iconNameOf('C:\\icons\\home.png')).toBe('home');
  });

  it('stops files the server would refuse for their name or size before sending them', () => {
    expect(localProblemOf({ name: 'ok_1.svg', size: 10 })).toBeUndefined();
    expect(localProblemOf({ name: 'bad name.svg', size: 10 })).toBe('name');
    expect(localProblemOf({ name: 'empty.svg', size: 0 })).toBe('empty');
    expect(localProblemOf({ name: 'big.png', size: 256 * 1024 + 1 })).toBe('size');
  });

  it('reads the reason the server gave for a refused file', () => {
    const error = failed(400, {
      code: 'BAD_REQUEST',
      message: 'Refused, nothing was stored: x.svg: not an image',
      details: { refused: [{ file: 'x.svg', reason: 'not an image' }] },
    });
    expect(refusalOf(error)).toEqual({ kind: 'refused', reason: 'not an image' });
  });

  it('tells a taken name, a body too large and a wrong type apart, keeping the message', () => {
    expect(refusalOf(failed(409, { code: 'CONFLICT', message: 'Icons with these names already exist: x' }))).toEqual({
      kind: 'taken',
      reason: 'Icons with these names already exist: x',
    });
    expect(refusalOf(failed(413, { code: 'PAYLOAD_TOO_LARGE', message: 'too big' })).kind).toBe('tooLarge');
    expect(refusalOf(failed(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'multipart' })).kind).toBe('type');
    expect(refusalOf(new Error('offline'))).toEqual({ kind: 'other', reason: 'offline' });
  });
});
