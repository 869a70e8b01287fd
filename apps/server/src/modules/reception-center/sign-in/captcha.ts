import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { behaviorTokens, captchas } from '../tables.ts';
import { randomInt, randomToken, sha256 } from '../../../platform/crypto.ts';
import { CAPTCHA_ALPHABET } from './captcha-glyphs.ts';
import { renderCaptcha } from './captcha-image.ts';
import { isUuid } from '../../../platform/uuid.ts';

const LENGTH = 5;
export const CAPTCHA_TTL_SECONDS = 120;
export const BEHAVIOR_TOKEN_TTL_SECONDS = 120;

const normalise = (code: string) => code.trim().toUpperCase();

export function createCaptchas(db: Db) {
  async function issue() {
    const answer = Array.from({ length: LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
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
    if (!isUuid(captchaId)) return false;
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
