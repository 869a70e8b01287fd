import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/http.ts';
import { isAvailable } from './openAccountApi.ts';

afterEach(() => vi.restoreAllMocks());

const refusedWith = (status: number) =>
  Promise.reject(
    new AxiosError('refused', String(status), undefined, undefined, {
      status,
      data: '',
      headers: {},
      statusText: '',
      config: { headers: new AxiosHeaders() },
    } as AxiosResponse),
  );

describe('isAvailable', () => {
  it("sends an invitation's token along, and nothing when there is none", async () => {
    const request = vi.spyOn(http, 'request').mockResolvedValue({ status: 200 } as AxiosResponse);
    await expect(isAvailable('username', 'jane doe', { inviteToken: 'invite-1' })).resolves.toBe(true);
    expect(request).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'HEAD', url: '/api/permission/users/open/username/jane%20doe', params: { token: 'invite-1' } }),
    );
    await isAvailable('email', 'jane@example.test');
    expect(request).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'HEAD', url: '/api/permission/users/open/email/jane%40example.test', params: undefined }),
    );
  });

  it('reads 409 as taken and a refusal (403 with registration off, 429) as no answer', async () => {
    vi.spyOn(http, 'request')
      .mockReturnValueOnce(refusedWith(409))
      .mockReturnValueOnce(refusedWith(403))
      .mockReturnValueOnce(refusedWith(429));
    await expect(isAvailable('username', 'taken')).resolves.toBe(false);
    await expect(isAvailable('username', 'anyone')).resolves.toBeUndefined();
    await expect(isAvailable('username', 'anyone')).resolves.toBeUndefined();
  });
});
