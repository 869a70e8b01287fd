import type { AccessKeyView } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { pageOfOwn } from './api.ts';

const key = (accessKeyId: string, name: string | null) => ({ accessKeyId, name }) as AccessKeyView;
const keys = [key('PKAAAAAAAAAAAAAAAAAA', 'backup'), key('PKBBBBBBBBBBBBBBBBBB', null), key('PKCCCCCCCCCCCCCCCCCC', 'Uploads')];

describe('pageOfOwn', () => {
  it('pages the own keys in their order', () => {
    expect(pageOfOwn(keys, { page: 2, size: 2 })).toEqual({ list: [keys[2]], total: 3, page: 2, size: 2 });
  });

  it('searches names and key ids, ignoring case', () => {
    expect(pageOfOwn(keys, { page: 1, size: 20, keyword: 'upl' }).list).toEqual([keys[2]]);
    expect(pageOfOwn(keys, { page: 1, size: 20, keyword: 'pkbb' }).list).toEqual([keys[1]]);
    expect(pageOfOwn(keys, { page: 1, size: 20, keyword: '  ' }).total).toBe(3);
  });
});
