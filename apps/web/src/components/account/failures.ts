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

const CLASSES = ['lower', 'upper', 'digit', 'symbol'] as const;

/**
 * The password policy's refusal in the user's language, from the rule and its figures the server
 * sends in `details` (rule.ts of permission's passwords); a rule this client does not know keeps
 * the server's message.
 */
export function passwordRuleText(details: Record<string, unknown> | undefined, t: AccountT): string | undefined {
  const figure = (name: string) => Number(details?.[name] ?? 0);
  switch (details?.rule) {
    case undefined:
    case 'username':
      return figure('same') === 0 && details?.rule ? t('rule.containsUsername') : t('rule.sameAsUsername');
    case 'minLength':
      return t('rule.minLength', { min: figure('min') });
    case 'classes': {
      const short = CLASSES.filter((name) => figure(name) > 0).map((name) => t(`rule.class.${name}`, { count: figure(name) }));
      return t('rule.classes', { list: short.join(t('rule.listSeparator')) });
    }
    case 'history':
      return t('rule.history', { count: figure('count') });
    case 'common':
      return t('rule.common');
    default:
      return undefined;
  }
}

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
      : code === 'PASSWORD_POLICY'
        ? (passwordRuleText(apiErrorOf(error)?.details, t) ?? blamed.message)
        : blamed.message;
  form.setFields([{ name: blamed.field, errors: [message] }]);
  return true;
}
