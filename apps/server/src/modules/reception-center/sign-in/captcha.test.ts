import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/factories/suite.ts';

const { t } = appPerFile();

const svgOf = (image: string) => Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
const exchange = (captchaId: string, captchaCode: string) =>
  t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/behavior-token', query: { captchaId, captchaCode } });

describe('GET /oauth/verifyCode', () => {
  it('answers a picture of paths that does not hold its answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/verifyCode' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(response.json()).sort()).toEqual(['captchaId', 'expiresIn', 'image']);
    const svg = svgOf(response.json().image);
    expect(svg).toMatch(/^<svg[^>]*>.*<path d="M/);
    expect(svg).not.toMatch(/<text/);

    const issued = await t.app.modules.receptionCenter.captchas.issue();
    expect(svgOf(issued.image).toUpperCase()).not.toContain(issued.answer);
  });

  it('accepts the right answer in either case, once, and refuses a wrong one', async () => {
    const right = await t.app.modules.receptionCenter.captchas.issue();
    const ok = await exchange(right.captchaId, right.answer.toLowerCase());
    expect(ok.json()).toMatchObject({ token: expect.any(String) });
    expect((await exchange(right.captchaId, right.answer)).json().code).toBe('CAPTCHA_INVALID');

    const wrong = await t.app.modules.receptionCenter.captchas.issue();
    const other = wrong.answer.startsWith('A') ? `C${wrong.answer.slice(1)}` : `A${wrong.answer.slice(1)}`;
    expect((await exchange(wrong.captchaId, other)).json().code).toBe('CAPTCHA_INVALID');
    // The wrong attempt spent it: not even the right answer counts now.
    expect((await exchange(wrong.captchaId, wrong.answer)).json().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses an id shaped like no UUID, even one of 36 dashes, as a wrong answer', async () => {
    for (const captchaId of ['-'.repeat(36), 'not-a-captcha']) {
      const answer = await exchange(captchaId, 'ABCD');
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('CAPTCHA_INVALID');
    }
  });
});
