let common: Promise<ReadonlySet<string>> | undefined;

/**
 * Whether the password (in any letter case) is on the list of common passwords: the ~49,000 of
 * zxcvbn's "passwords-common" (`@zxcvbn-ts/language-common`, MIT), loaded into a set on first use
 * only, since it is needed only while the safe settings' `password.rejectCommon` is on.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await common).has(password.toLowerCase());
}
