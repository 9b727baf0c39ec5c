-- Writers of the gateway's group commit spend test credits from leases of their own and add to
-- rollup rows of their own (a slot each), so that writers on several instances do not queue on
-- one subscription row or one rollup row. Readers sum the slots.
CREATE TABLE "credit_leases" (
	"organisation_id" uuid NOT NULL,
	"product_arn" text NOT NULL,
	"slot" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_leases_organisation_id_product_arn_slot_pk" PRIMARY KEY("organisation_id","product_arn","slot")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily_by_app" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" DROP CONSTRAINT "usage_daily_organisation_id_day_product_arn_env_pk";--> statement-breakpoint
ALTER TABLE "usage_daily_by_app" DROP CONSTRAINT "usage_daily_by_app_organisation_id_app_id_day_product_arn_env_pk";--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organisation_id_day_product_arn_env_slot_pk" PRIMARY KEY("organisation_id","day","product_arn","env","slot");--> statement-breakpoint
ALTER TABLE "usage_daily_by_app" ADD CONSTRAINT "usage_daily_by_app_organisation_id_app_id_day_product_arn_env_slot_pk" PRIMARY KEY("organisation_id","app_id","day","product_arn","env","slot");--> statement-breakpoint
ALTER TABLE "credit_leases" ADD CONSTRAINT "credit_leases_organisation_id_product_arn_subscriptions_organisation_id_product_arn_fk" FOREIGN KEY ("organisation_id","product_arn") REFERENCES "public"."subscriptions"("organisation_id","product_arn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Spends test credits for the calls of a group, per organisation and product (each key once):
-- returns, per key, whether the subscription is SUBSCRIBED and how many of its calls get a
-- credit. A subscription's credits are its row's test_credits_remaining plus its leases.
--   * A slot whose own leases cover every key spends from them, locking only those rows.
--   * Otherwise each key's subscription row is locked, then all its leases in slot order: the
--     calls are granted what the row and the leases hold together, the slot's lease is refilled
--     from the row with an eighth of what is left (at most 10,000, none below 8 credits), and the
--     other slots' leases are taken back into the row only when the row and the slot's own lease
--     cannot cover the calls. Near zero, every spend takes this path and is exact.
-- `whole`: spend only if every key can give all its calls; otherwise spend nothing, return no row.
-- Locks are taken in one order everywhere (per key in key order: the subscription row, then its
-- leases by slot), and the own leases only after an unlocked read says they cover the group, so
-- two writers never wait on each other crosswise. A lease taken back between that read and its
-- lock (credits nearly gone) raises serialization_failure: the caller tries the group again.
CREATE FUNCTION "spend_test_credits"(organisations uuid[], products text[], calls int[], lease_slot int, whole boolean)
RETURNS TABLE (organisation_id uuid, product_arn text, subscribed boolean, granted int)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  key_count int := cardinality(organisations);
  spend record;
  main int;
  own int;
  others int;
  pool int;
  lease int;
  ok boolean := true;
  spends jsonb := '[]'::jsonb;
BEGIN
  IF lease_slot IS NOT NULL AND key_count = (
    SELECT count(*) FROM credit_leases l
    JOIN unnest(organisations, products, calls) w(organisation_id, product_arn, calls)
      ON l.organisation_id = w.organisation_id AND l.product_arn = w.product_arn
    JOIN subscriptions s ON s.organisation_id = l.organisation_id AND s.product_arn = l.product_arn AND s.status = 'SUBSCRIBED'
    WHERE l.slot = lease_slot AND l.remaining >= w.calls
  ) THEN
    IF key_count <> (
      SELECT count(*) FROM (
        SELECT l.remaining, w.calls FROM credit_leases l
        JOIN unnest(organisations, products, calls) w(organisation_id, product_arn, calls)
          ON l.organisation_id = w.organisation_id AND l.product_arn = w.product_arn
        WHERE l.slot = lease_slot
        ORDER BY l.organisation_id, l.product_arn
        FOR UPDATE OF l
      ) locked WHERE locked.remaining >= locked.calls
    ) THEN
      RAISE EXCEPTION 'test credits leased to slot % were taken back while the group spent them', lease_slot USING ERRCODE = 'serialization_failure';
    END IF;
    UPDATE credit_leases l SET remaining = l.remaining - w.calls
    FROM unnest(organisations, products, calls) w(organisation_id, product_arn, calls)
    WHERE l.organisation_id = w.organisation_id AND l.product_arn = w.product_arn AND l.slot = lease_slot;
    RETURN QUERY SELECT w.organisation_id, w.product_arn, true, w.calls FROM unnest(organisations, products, calls) w(organisation_id, product_arn, calls);
    RETURN;
  END IF;

  FOR spend IN
    SELECT w.organisation_id, w.product_arn, w.calls FROM unnest(organisations, products, calls) w(organisation_id, product_arn, calls) ORDER BY 1, 2
  LOOP
    SELECT s.test_credits_remaining INTO main FROM subscriptions s
    WHERE s.organisation_id = spend.organisation_id AND s.product_arn = spend.product_arn AND s.status = 'SUBSCRIBED'
    FOR UPDATE;
    IF NOT FOUND THEN
      ok := false;
      spends := spends || jsonb_build_object('organisation_id', spend.organisation_id, 'product_arn', spend.product_arn, 'subscribed', false, 'granted', 0);
      CONTINUE;
    END IF;
    SELECT coalesce(sum(locked.remaining) FILTER (WHERE locked.slot = lease_slot), 0), coalesce(sum(locked.remaining) FILTER (WHERE locked.slot IS DISTINCT FROM lease_slot), 0)
    INTO own, others
    FROM (
      SELECT l.slot, l.remaining FROM credit_leases l
      WHERE l.organisation_id = spend.organisation_id AND l.product_arn = spend.product_arn
      ORDER BY l.slot
      FOR UPDATE
    ) locked;
    main := greatest(main, 0);
    spends := spends || jsonb_build_object(
      'organisation_id', spend.organisation_id, 'product_arn', spend.product_arn, 'subscribed', true,
      'granted', least(main + own + others, spend.calls), 'calls', spend.calls, 'main', main, 'own', own, 'others', others);
    IF main + own + others < spend.calls THEN ok := false; END IF;
  END LOOP;

  IF whole AND NOT ok THEN RETURN; END IF;

  FOR spend IN SELECT * FROM jsonb_to_recordset(spends) AS x(organisation_id uuid, product_arn text, subscribed boolean, granted int, calls int, main int, own int, others int)
  LOOP
    IF NOT spend.subscribed THEN CONTINUE; END IF;
    IF spend.main + spend.own >= spend.granted THEN
      pool := spend.main + spend.own - spend.granted;
    ELSE
      pool := spend.main + spend.own + spend.others - spend.granted;
      UPDATE credit_leases l SET remaining = 0
      WHERE l.organisation_id = spend.organisation_id AND l.product_arn = spend.product_arn AND l.slot IS DISTINCT FROM lease_slot AND l.remaining <> 0;
    END IF;
    lease := CASE WHEN lease_slot IS NULL OR pool < 8 THEN 0 ELSE least(pool / 8, 10000) END;
    UPDATE subscriptions s SET test_credits_remaining = pool - lease
    WHERE s.organisation_id = spend.organisation_id AND s.product_arn = spend.product_arn;
    IF lease_slot IS NOT NULL AND (lease > 0 OR spend.own > 0) THEN
      INSERT INTO credit_leases AS l (organisation_id, product_arn, slot, remaining) VALUES (spend.organisation_id, spend.product_arn, lease_slot, lease)
      ON CONFLICT (organisation_id, product_arn, slot) DO UPDATE SET remaining = excluded.remaining;
    END IF;
  END LOOP;

  RETURN QUERY SELECT x.organisation_id, x.product_arn, x.subscribed, x.granted
  FROM jsonb_to_recordset(spends) AS x(organisation_id uuid, product_arn text, subscribed boolean, granted int);
END
$$;
