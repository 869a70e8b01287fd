import type { AuthSettings, SafeSettings } from '@portal/contracts';
import type { FieldProblem } from '../../../components/settings/SettingsForm.tsx';

/** The texts of the rules, given by the page (translated). */
export interface RuleTexts {
  signInNeedsPassword: string;
  classesOverLength: (required: number, minLength: number) => string;
}

/**
 * The server's rules across fields (system-config settings/rules.ts), checked before sending so the
 * form marks the field at once: a QR code alone lets nobody in, and the character classes cannot
 * ask for more characters than the minimum length.
 */
export function authProblems({ signInOptions }: AuthSettings, texts: RuleTexts): FieldProblem[] {
  return signInOptions.password || signInOptions.smsCode
    ? []
    : [{ path: ['signInOptions', 'password'], message: texts.signInNeedsPassword }];
}

export function safeProblems({ password }: SafeSettings, texts: RuleTexts): FieldProblem[] {
  const { lower, upper, digit, symbol } = password.requireClasses;
  const required = lower + upper + digit + symbol;
  return required > password.minLength
    ? [{ path: ['password', 'minLength'], message: texts.classesOverLength(required, password.minLength) }]
    : [];
}
