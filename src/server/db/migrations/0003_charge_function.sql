-- The whole charge in one call, so the account's row lock is held only while this runs inside the database
-- (never across a network round trip or a busy Node event loop). It runs as the application role for the
-- given user, so row-level security applies exactly as in a user-scoped transaction. Its commit does not wait
-- for the disk: serialised on one account, each charge would otherwise hold the row lock through a WAL flush.
-- A crash of PostgreSQL itself can then forget the last fraction of a second of charges, balance and ledger
-- row together (never one without the other); purchases and plan changes stay fully synchronous.
-- Returns the updated account, or no row when the credits are not there (or the cycle has ended: the caller
-- rolls it over).
CREATE FUNCTION charge_credits(p_user_id uuid, p_activity text, p_cost integer, p_description text)
RETURNS SETOF user_credits
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('app.user_id', p_user_id::text, true), set_config('role', 'prospector_app', true),
          set_config('synchronous_commit', 'off', true);
  RETURN QUERY
    WITH charged AS (
      UPDATE user_credits SET used_credits = used_credits + p_cost, updated_at = clock_timestamp()
      WHERE user_id = p_user_id AND total_credits - used_credits >= p_cost
        AND billing_cycle_end > clock_timestamp()
      RETURNING *
    ), logged AS (
      INSERT INTO credit_transactions (user_id, transaction_type, activity_type, credits_amount, description, created_at)
      SELECT user_id, 'usage', p_activity, p_cost, p_description, clock_timestamp() FROM charged
    )
    SELECT * FROM charged;
END;
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION charge_credits(uuid, text, integer, text) TO "prospector_app";
