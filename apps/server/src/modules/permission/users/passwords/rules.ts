import type { PasswordPolicy, PasswordRule } from '@portal/contracts';

/** A rule of the password policy that a password breaks, with the requirement in words. */
export interface BrokenRule {
  rule: PasswordRule;
  message: string;
  /** The requirement's figures, for a client that words the rule in its own language (`details`). */
  figures?: Record<string, number>;
}

type CharacterClass = keyof PasswordPolicy['requireClasses'];

/** How each class is recognised (any script's letters and digits) and named, singular and plural. */
const CLASSES: Record<CharacterClass, { matches: (character: string) => boolean; names: [string, string] }> = {
  lower: { matches: (c) => /\p{Ll}/u.test(c), names: ['lower-case letter', 'lower-case letters'] },
  upper: { matches: (c) => /\p{Lu}/u.test(c), names: ['upper-case letter', 'upper-case letters'] },
  digit: { matches: (c) => /\p{Nd}/u.test(c), names: ['digit', 'digits'] },
  // "Other characters": whatever is none of the three above.
  symbol: { matches: (c) => !/[\p{Ll}\p{Lu}\p{Nd}]/u.test(c), names: ['symbol', 'symbols'] },
};

const counted = (count: number, [one, many]: [string, string]) => `${count} ${count === 1 ? one : many}`;

const inWords = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** The classes the password holds too few characters of, with the count each needs. */
function missingClasses(characters: string[], required: PasswordPolicy['requireClasses']): Partial<Record<CharacterClass, number>> {
  const short = (Object.keys(CLASSES) as CharacterClass[]).filter(
    (name) => characters.filter(CLASSES[name].matches).length < required[name],
  );
  return Object.fromEntries(short.map((name) => [name, required[name]]));
}

/** "at least 2 digits and 1 symbol". */
const classesInWords = (missing: Partial<Record<CharacterClass, number>>) =>
  `at least ${inWords((Object.entries(missing) as [CharacterClass, number][]).map(([name, count]) => counted(count, CLASSES[name].names)))}`;

/**
 * The first rule of the policy the password breaks that needs no look-up (length, character classes,
 * the username), or undefined. A password equal to the username is refused whatever the policy says.
 * Characters are counted as code points, so an emoji is one character.
 */
export function brokenRule(password: string, username: string, policy: PasswordPolicy): BrokenRule | undefined {
  const characters = [...password];
  if (characters.length < policy.minLength) {
    const figures = { min: policy.minLength };
    return { rule: 'minLength', message: `The password must have at least ${policy.minLength} characters`, figures };
  }
  const missing = missingClasses(characters, policy.requireClasses);
  if (Object.keys(missing).length > 0)
    return { rule: 'classes', message: `The password must contain ${classesInWords(missing)}`, figures: missing };
  const lowerPassword = password.toLowerCase();
  const lowerUsername = username.toLowerCase();
  if (lowerPassword === lowerUsername) {
    return { rule: 'username', message: 'The password must not be the same as the username', figures: { same: 1 } };
  }
  if (policy.notContainingUsername && lowerUsername && lowerPassword.includes(lowerUsername)) {
    return { rule: 'username', message: 'The password must not contain the username', figures: { same: 0 } };
  }
  return undefined;
}
