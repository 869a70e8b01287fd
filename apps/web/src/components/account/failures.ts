import type { FormInstance } from 'antd';
import { apiErrorOf, fieldErrorOf } from '../admin/apiErrors.ts';
import type { AccountT } from './messages.ts';
import type { UniqueField } from './openAccountApi.ts';

const UNIQUE_FIELDS: readonly string[] = ['username', 'email', 'phone'] satisfies UniqueField[];

/** A failure worth a sentence: rate limits say when to retry; otherwise the server's message. */
export function failureText(error: unknown, t: AccountT): string {
  const body = apiErrorOf(error);
  if (body?.code === 'TOO_MANY_REQUESTS') return t('tooMany', { seconds: Number(body.details?.retryAfterSeconds ?? 60) });
  return body?.message || t('failed');
}

/** The policy's username rule (`details.rule`; older servers named no rule) is translated here; the others' messages name their requirement. */
const isUsernameRule = (error: unknown): boolean => {
  const rule = apiErrorOf(error)?.details?.rule;
  return rule === undefined || rule === 'username';
};

/**
 * Puts a refused submit's message beside the field it blames (a taken username, the password
 * policy, a malformed value) and returns true; false when the failure belongs to no field.
 */
export function showFieldError(form: FormInstance, error: unknown, fields: readonly string[], t: AccountT): boolean {
  const blamed = fieldErrorOf(error, fields);
  if (!blamed) return false;
  const code = apiErrorOf(error)?.code;
  const message =
    code === 'CONFLICT' && UNIQUE_FIELDS.includes(blamed.field)
      ? t(`availability.taken.${blamed.field}`)
      : code === 'PASSWORD_POLICY' && isUsernameRule(error)
        ? t('rule.sameAsUsername')
        : blamed.message;
  form.setFields([{ name: blamed.field, errors: [message] }]);
  return true;
}
