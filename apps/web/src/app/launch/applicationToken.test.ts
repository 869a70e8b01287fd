import type { ApplicationToken } from '@portal/contracts';
import type { AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/http.ts';
import { applicationToken } from './applicationToken.ts';

const answer = (data: ApplicationToken) => Promise.resolve({ data } as AxiosResponse<ApplicationToken>);

afterEach(() => vi.restoreAllMocks());

describe('applicationToken', () => {
  it("asks the server for the application's own token", async () => {
    const request = vi.spyOn(http, 'request').mockReturnValue(answer({ token: 'app-token', expiresIn: 300, audience: 'a b' }));
    await expect(applicationToken('a b')).resolves.toBe('app-token');
    // A POST without a body.
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: '/api/permission/applications/self/a%20b/token', data: undefined }),
    );
  });

  it('refuses a token with less than a minute to live', async () => {
    vi.spyOn(http, 'request').mockReturnValue(answer({ token: 'short', expiresIn: 59, audience: 'a' }));
    await expect(applicationToken('a')).rejects.toThrow(/59 s/);
  });
});
