/**
 * Sign-up with an address that already has an account (issue 21): the answer is the one a new address gets
 * when no session is issued, so sign-up cannot be used to find out who has an account, and the owner is told
 * by mail instead.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** Better Auth's code for a sign-up whose address is taken (`USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL`). */
export const isExistingUserError = (code: unknown) =>
  typeof code === 'string' && code.startsWith('USER_ALREADY_EXISTS');

/** One notice per address per hour: repeated sign-ups by someone else must not flood the owner's inbox. */
const ONE_NOTICE_PER_HOUR = { max: 1, windowSeconds: 3600 };

/** Tells the owner that someone tried to create an account with their address, and what to do if it was them. */
export async function mailExistingAccountOwner(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  owner: { email: string; name: string },
): Promise<void> {
  const decision = await consumeRateLimit(
    deps.db,
    `mail:existing-account:${owner.email}`,
    ONE_NOTICE_PER_HOUR,
  );
  if (!decision.allowed) return;
  await deps.mailer.send({
    to: owner.email,
    kind: 'existing-account',
    subject: 'Someone tried to create a Prospector account with your address',
    text: [
      `Hello ${owner.name},`,
      '',
      'Someone tried to create a Prospector account with your e-mail address. You already have an account, so',
      'nothing was created and nothing in your account changed.',
      '',
      `If it was you, sign in or reset your password ("Forgot password?"): ${deps.publicUrl}/auth`,
      '',
      'If it was not you, ignore this e-mail.',
    ].join('\n'),
  });
}

/**
 * The body Better Auth answers a new address with when it issues no session: a user that is not stored
 * (a fresh id, the name and address as typed) and no token.
 */
export function answerWithoutSession(input: { email: string; name: string; image?: unknown }) {
  const now = new Date().toISOString();
  return {
    token: null,
    // In the order Better Auth writes a new user's fields, so not even the text differs.
    user: {
      name: input.name,
      email: input.email,
      emailVerified: false,
      image: typeof input.image === 'string' ? input.image : null,
      createdAt: now,
      updatedAt: now,
      id: randomUUID(),
    },
  };
}
