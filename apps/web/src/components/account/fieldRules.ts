import { AccountEmail, AccountPhone, AccountUsername, NewPassword } from '@portal/contracts';
import type { FormRule } from 'antd';
import { checkField, type ObjectSchema } from '../admin/schemaRules.ts';
import type { AccountT } from './messages.ts';

/** The contracts' schemas of the account fields: the forms refuse what the server would refuse. */
const ACCOUNT_FIELDS: ObjectSchema = {
  properties: {
    username: AccountUsername,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    email: AccountEmail,
    phone: AccountPhone,
    password: NewPassword,
    code: { type: 'string', pattern: '^[0-9]{6}$' },
  },
};
export type AccountField = 'username' | 'name' | 'email' | 'phone' | 'password' | 'code';

const PATTERN_MESSAGE: Partial<Record<AccountField, 'rule.username' | 'rule.phone' | 'rule.code'>> = {
  username: 'rule.username',
  phone: 'rule.phone',
  code: 'rule.code',
};

/** What is wrong with a value of an account field, or undefined when the server would accept it. */
export function accountFieldProblem(field: AccountField, value: unknown, t: AccountT, required = true): string | undefined {
  return checkField(
    ACCOUNT_FIELDS,
    field,
    value,
    {
      required: field === 'name' ? t('rule.name') : t('rule.required'),
      min: (min) => t('rule.min', { min }),
      max: (max) => t('rule.max', { max }),
      pattern: t(PATTERN_MESSAGE[field] ?? 'rule.required'),
      email: t('rule.email'),
    },
    required,
  );
}

/** antd Form rules for an account field. */
export const accountRules = (field: AccountField, t: AccountT, required = true): FormRule[] => [
  {
    required,
    validator: (_rule, value: unknown) => {
      const problem = accountFieldProblem(field, value, t, required);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];
