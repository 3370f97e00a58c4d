/**
 * Sign-in limits that slow a password guesser without locking the real owner out (issue 21). Wrong guesses
 * hold back the address they come from, for that account; an account's other addresses are held back only
 * when many guesses come from all over (a distributed guesser), and an address the owner signed in from
 * before is never held back by them, like Okta's and Auth0's known-device exemptions.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { consumeRateLimit, type RateDecision, type RateRule } from '../../http/rate-limit.ts';

/** Any accounts from one address: a guesser trying one password on many accounts. */
const PER_ADDRESS: RateRule = { max: 30, windowSeconds: 300 };
/** One account from one address; a successful sign-in starts the count again. */
const PER_ADDRESS_AND_ACCOUNT: RateRule = { max: 10, windowSeconds: 900 };
/** One account from all addresses it was never signed in from: about 5,000 guesses a day at most. */
const PER_ACCOUNT_FROM_NEW_ADDRESSES: RateRule = { max: 50, windowSeconds: 900 };
/** How long an address stays known after the last sign-in from it. */
export const KNOWN_ADDRESS_DAYS = 90;

export type SignInRefusal = RateDecision & { accountWide: boolean };

const pairKey = (ip: string, email: string) => `sign-in:ip-email:${ip}:${email}`;

async function isKnownAddress(db: Db, ip: string, email: string): Promise<boolean> {
  const rows = await queryRows<{ known: number }>(
    db,
    sql`select 1 as known from sign_in_addresses a join users u on u.id = a.user_id
        where u.email = ${email} and a.ip = ${ip}
          and a.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
  );
  return rows.length > 0;
}

/**
 * Counts one sign-in attempt (before the password is checked, so concurrent guesses are counted too) and
 * answers the refusal when a limit is reached, or null. `email` is null when the body carries none.
 */
export async function consumeSignInAttempt(
  db: Db,
  ip: string,
  email: string | null,
): Promise<SignInRefusal | null> {
  const address = await consumeRateLimit(db, `sign-in:ip:${ip}`, PER_ADDRESS);
  if (!address.allowed) return { ...address, accountWide: false };
  if (!email) return null;
  const pair = await consumeRateLimit(db, pairKey(ip, email), PER_ADDRESS_AND_ACCOUNT);
  if (!pair.allowed) return { ...pair, accountWide: false };
  if (await isKnownAddress(db, ip, email)) return null;
  const account = await consumeRateLimit(db, `sign-in:email:${email}`, PER_ACCOUNT_FROM_NEW_ADDRESSES);
  return account.allowed ? null : { ...account, accountWide: true };
}

/** The address becomes known to the user: after a sign-in, or a password reset through the mailed link. */
export async function rememberAddress(db: Db, ip: string, userId: string): Promise<void> {
  await db.execute(
    sql`insert into sign_in_addresses (user_id, ip) values (${userId}, ${ip})
        on conflict (user_id, ip) do update set last_success_at = now()`,
  );
}

/** After a successful sign-in: the address is known to this user, and its wrong guesses are forgiven. */
export async function recordSignIn(db: Db, ip: string, email: string, userId: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${pairKey(ip, email)}`);
  await rememberAddress(db, ip, userId);
}

/** Forgets addresses not signed in from for KNOWN_ADDRESS_DAYS (the hourly auth clean-up). */
export async function deleteStaleSignInAddresses(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from sign_in_addresses where last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
  );
  return (result as unknown as { rowCount?: number }).rowCount ?? 0;
}
