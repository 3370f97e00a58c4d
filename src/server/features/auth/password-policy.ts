import { createRequire } from 'node:module';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';

let common: Set<string> | undefined;

/**
 * The 49,000 most common passwords (zxcvbn-ts's list, from leaked-password corpora), lower case: read at the
 * first password checked rather than at every start (3 MB of heap).
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    common = new Set<string>(dictionary['passwords-common'] as string[]);
  }
  return common;
}

/** Whether the password is one short unit said again and again: `aaaaaaaa`, `abababab`, `1231231231`. */
const isRepetition = (password: string) =>
  [1, 2, 3].some(
    (unit) =>
      password.length >= unit * 2 &&
      password ===
        password
          .slice(0, unit)
          .repeat(Math.ceil(password.length / unit))
          .slice(0, password.length),
  );

/**
 * Why a password is too weak (empty when it is acceptable): length, only spaces, one character or short
 * pattern repeated, one of the most common passwords, or built from the user's own e-mail or name. The
 * reasons are shown to the user as they are.
 */
export function weakPasswordReasons(
  password: string,
  user: { email?: string; name?: string } = {},
): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    reasons.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);
  }
  if (password.trim() === '') {
    reasons.push('Password must not be made of spaces only.');
  } else if (isRepetition(password)) {
    reasons.push('Password must not be one character or a short pattern repeated.');
  }
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) {
    reasons.push('This is one of the most common passwords; choose one that is harder to guess.');
  }
  const personal = [
    user.email?.toLowerCase(),
    user.email?.split('@')[0]?.toLowerCase(),
    user.name?.toLowerCase(),
  ].filter((part): part is string => !!part && part.length >= 3);
  if (personal.some((part) => lower.includes(part))) {
    reasons.push('Password must not contain your e-mail address or name.');
  }
  return reasons;
}
