import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { behaviorTokens, captchas } from '../../../platform/db/schema.ts';
import { randomInt, randomToken, sha256 } from '../../../platform/crypto.ts';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 5;
export const CAPTCHA_TTL_SECONDS = 120;
export const BEHAVIOR_TOKEN_TTL_SECONDS = 120;

/** Draws the answer as an SVG with jittered glyphs and noise lines. */
export function renderCaptcha(answer: string): string {
  const glyphs = [...answer]
    .map((char, i) => {
      const x = 18 + i * 24;
      const y = 30 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" transform="rotate(${randomInt(-20, 21)} ${x} ${y})" font-size="26" font-family="monospace" fill="#${randomInt(0x202020, 0x707070).toString(16)}">${char}</text>`;
    })
    .join('');
  const lines = Array.from(
    { length: 5 },
    () =>
      `<line x1="${randomInt(0, 140)}" y1="${randomInt(0, 44)}" x2="${randomInt(0, 140)}" y2="${randomInt(0, 44)}" stroke="#${randomInt(0x808080, 0xc0c0c0).toString(16)}" stroke-width="1.5"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="44" viewBox="0 0 140 44"><rect width="140" height="44" fill="#f4f6fb"/>${lines}${glyphs}</svg>`;
}

const normalise = (code: string) => code.trim().toUpperCase();

export function createCaptchas(db: Db) {
  async function issue() {
    const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    const [row] = await db
      .insert(captchas)
      .values({ answerHash: sha256(answer), expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
      .returning({ id: captchas.id });
    const image = `data:image/svg+xml;base64,${Buffer.from(renderCaptcha(answer)).toString('base64')}`;
    return { captchaId: row?.id ?? '', image, expiresIn: CAPTCHA_TTL_SECONDS, answer };
  }

  /** Single use: a captcha is consumed by the first attempt, right or wrong. */
  async function solve(captchaId: string, code: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/.test(captchaId)) return false;
    const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
    return !!row && row.expiresAt.getTime() > Date.now() && row.answerHash === sha256(normalise(code));
  }

  async function issueBehaviorToken(): Promise<string> {
    const token = randomToken();
    await db.delete(behaviorTokens).where(lt(behaviorTokens.expiresAt, new Date()));
    await db
      .insert(behaviorTokens)
      .values({ tokenHash: sha256(token), expiresAt: new Date(Date.now() + BEHAVIOR_TOKEN_TTL_SECONDS * 1000) });
    return token;
  }

  async function redeemBehaviorToken(token: string): Promise<boolean> {
    const [row] = await db
      .delete(behaviorTokens)
      .where(and(eq(behaviorTokens.tokenHash, sha256(token)), gt(behaviorTokens.expiresAt, new Date())))
      .returning();
    return !!row;
  }

  return { issue, solve, issueBehaviorToken, redeemBehaviorToken };
}

export type Captchas = ReturnType<typeof createCaptchas>;
