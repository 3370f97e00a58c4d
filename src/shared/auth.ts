/**
 * The shortest password the product accepts (client and server): 8, NIST SP 800-63B's minimum (issue 21
 * raised spec 1's 6, which let `aaaaaaa` through).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer inputs are refused before hashing: argon2 on megabytes of "password" is a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;

/** Spec 1 §3: the name shown for a user, the part of the e-mail before the @, or 'User'. */
export function usernameFromEmail(email: string | null | undefined): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : 'User';
}
