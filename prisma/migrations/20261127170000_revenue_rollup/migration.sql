-- The revenue dashboard's rollup (docs/decisions/0171-revenue-rollup.md). GET admin/revenue read every real
-- paid order of its window (4–5 s at a million orders); it now reads a few hundred rows that triggers keep
-- in the transactions that change the orders, the users' plans and the accounts, so every figure stays
-- exact as of the reader's snapshot, as the statement over the orders was. The admins' payments list reads
-- its unfiltered total from a counter (decision 0117's counters table).

-- CreateTable
CREATE TABLE "revenue_settings" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "grace" INTERVAL NOT NULL,

    CONSTRAINT "revenue_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "revenue_settings_one_row" CHECK ("id")
);

-- CreateTable
CREATE TABLE "revenue_months" (
    "month" DATE NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "payments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "revenue_months_pkey" PRIMARY KEY ("month","plan_id")
);

-- CreateTable
CREATE TABLE "revenue_events" (
    "user_id" INTEGER NOT NULL,
    "series" VARCHAR(16) NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "revenue_events_pkey" PRIMARY KEY ("user_id","series","plan_id","at")
);

-- CreateTable
CREATE TABLE "revenue_buckets" (
    "series" VARCHAR(16) NOT NULL,
    "width" VARCHAR(8) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "delta" BIGINT NOT NULL,

    CONSTRAINT "revenue_buckets_pkey" PRIMARY KEY ("series","width","at","plan_id")
);

-- CreateTable
CREATE TABLE "user_weeks" (
    "week" DATE NOT NULL,
    "slot" SMALLINT NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "user_weeks_pkey" PRIMARY KEY ("week","slot")
);

-- Written by hand (what the schema language cannot express):

-- Sandbox orders newest first: the admins' payments list filtered on test=true (a few among many in real
-- mode); the other filters have theirs (created_at; plan_id, status, created_at; the refund cases' order_id).
CREATE INDEX "payment_orders_test_created_at_idx" ON "payment_orders"("created_at") WHERE "test";

-- The events of the current hour, summed at read time.
CREATE INDEX "revenue_events_series_at_idx" ON "revenue_events"("series", "at") INCLUDE ("plan_id", "delta");

-- PLAN_GRACE_DAYS as the rollup counts it (a term counts until its end plus the grace period); the server
-- rebuilds the rollup when its own setting differs (revenue_use_grace, called by the dashboard's read).
INSERT INTO "revenue_settings" ("id", "grace") VALUES (true, interval '3 days');

-- What each account contributes to the dashboard's time series, computed from its rows (all accounts when
-- user_ids is null), with the rules of decision 0155:
-- * 'paying': a real paid order of a paid plan covers COALESCE(term_start, paid_at) up to granted_until plus
--   the grace period, or up to superseded_at when a switch credited it; granted_until null is open-ended.
--   The terms of one account and plan are merged into spans (+1 at the start, -1 at the end), per plan and
--   for any plan (plan_id 0), so a count of spans covering a moment counts each account once.
-- * 'months': the UTC months each term touches (its start's to that of its end less a millisecond), merged
--   into runs of months per account and plan: +1 at a run's first month, -1 at the month after it.
-- * 'renewals': +1 at plan_expires_at for an account on a paid plan whose end date a real paid order of
--   that plan set.
-- PL/pgSQL, not SQL: its statements are planned with the argument's value, so that a trigger's call reads
-- one account's orders by index.
CREATE FUNCTION "revenue_user_events"(user_ids INTEGER[])
RETURNS TABLE ("user_id" INTEGER, "series" TEXT, "plan_id" INTEGER, "at" TIMESTAMPTZ, "delta" INTEGER)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  WITH
  terms AS MATERIALIZED (
    SELECT o.user_id AS u, o.plan_id AS p, COALESCE(o.term_start, o.paid_at) AS s,
           CASE WHEN o.superseded_at IS NOT NULL THEN LEAST(o.granted_until, o.superseded_at)
                WHEN o.granted_until IS NULL THEN NULL
                ELSE o.granted_until + (SELECT r.grace FROM "revenue_settings" r) END AS e
    FROM "payment_orders" o
    WHERE (user_ids IS NULL OR o.user_id = ANY (user_ids)) AND o.user_id IS NOT NULL
      AND o.status = 'paid' AND NOT o.test AND o.plan_id <> 1
  ),
  -- A term with no start covers no moment, and every month (as the statement over the orders counted it).
  ranges AS (
    SELECT 'paying' AS k, t.u, t.p AS g, t.s, COALESCE(t.e, 'infinity') AS e FROM terms t
    WHERE t.s IS NOT NULL AND (t.e IS NULL OR t.e > t.s)
    UNION ALL
    SELECT 'paying', t.u, 0, t.s, COALESCE(t.e, 'infinity') FROM terms t
    WHERE t.s IS NOT NULL AND (t.e IS NULL OR t.e > t.s)
    UNION ALL
    SELECT 'months', m.u, m.g, m.s, m.e FROM (
      SELECT t.u, t.p AS g,
             COALESCE(date_trunc('month', t.s AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', '-infinity') AS s,
             CASE WHEN t.e IS NULL THEN 'infinity'
                  ELSE (date_trunc('month', (t.e - interval '1 millisecond') AT TIME ZONE 'UTC') + interval '1 month')
                       AT TIME ZONE 'UTC' END AS e
      FROM terms t
    ) m WHERE m.e > m.s
  ),
  -- Gaps and islands: a range opens a new island unless an earlier one of its group reaches it.
  marked AS (
    SELECT r.*, CASE WHEN r.s <= max(r.e) OVER (PARTITION BY r.k, r.u, r.g ORDER BY r.s, r.e
                                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                     THEN 0 ELSE 1 END AS opens
    FROM ranges r
  ),
  islands AS (
    SELECT n.k, n.u, n.g, min(n.s) AS s, max(n.e) AS e
    FROM (SELECT m.*, sum(m.opens) OVER (PARTITION BY m.k, m.u, m.g ORDER BY m.s, m.e ROWS UNBOUNDED PRECEDING) AS island
          FROM marked m) n
    GROUP BY n.k, n.u, n.g, n.island
  )
  SELECT i.u, i.k, i.g, i.s, 1 FROM islands i
  UNION ALL
  SELECT i.u, i.k, i.g, i.e, -1 FROM islands i WHERE i.e <> 'infinity'
  UNION ALL
  SELECT x.id, 'renewals', 0, x.plan_expires_at, 1 FROM "users" x
  WHERE (user_ids IS NULL OR x.id = ANY (user_ids)) AND x.plan_id <> 1 AND x.plan_expires_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM "payment_orders" o
                WHERE o.user_id = x.id AND o.plan_id = x.plan_id AND o.status = 'paid' AND NOT o.test
                  AND o.granted_until = x.plan_expires_at);
END;
$$;

-- The widths an event is summed into: 'months' is read by month only.
CREATE FUNCTION "revenue_widths"(series_name TEXT) RETURNS SETOF TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(CASE WHEN series_name = 'months' THEN ARRAY['month'] ELSE ARRAY['month', 'day', 'hour'] END) w
$$;

-- Recomputes these accounts' events and moves the buckets by the difference. Serialised per account (an
-- advisory lock taken in id order, then a fresh snapshot for the recount), so two transactions changing one
-- account's orders at once cannot both write from what they saw before the other committed.
CREATE FUNCTION "revenue_refresh"(user_ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(72707371, u) FROM (SELECT DISTINCT unnest(user_ids) AS u ORDER BY 1) ids;
  WITH
  fresh AS (
    SELECT f.user_id, f.series, f.plan_id, f.at, sum(f.delta)::int AS delta
    FROM "revenue_user_events"(user_ids) f GROUP BY 1, 2, 3, 4
  ),
  kept AS (SELECT * FROM "revenue_events" e WHERE e.user_id = ANY (user_ids)),
  changes AS MATERIALIZED (
    SELECT user_id, series, plan_id, at, f.delta AS new, k.delta AS old
    FROM fresh f FULL JOIN kept k USING (user_id, series, plan_id, at)
    WHERE f.delta IS DISTINCT FROM k.delta
  ),
  gone AS (
    DELETE FROM "revenue_events" e USING changes c
    WHERE c.new IS NULL AND (e.user_id, e.series, e.plan_id, e.at) = (c.user_id, c.series, c.plan_id, c.at)
  ),
  moved AS (
    UPDATE "revenue_events" e SET "delta" = c.new FROM changes c
    WHERE c.new IS NOT NULL AND c.old IS NOT NULL
      AND (e.user_id, e.series, e.plan_id, e.at) = (c.user_id, c.series, c.plan_id, c.at)
  ),
  added AS (
    INSERT INTO "revenue_events" ("user_id", "series", "plan_id", "at", "delta")
    SELECT c.user_id, c.series, c.plan_id, c.at, c.new FROM changes c WHERE c.old IS NULL
  )
  INSERT INTO "revenue_buckets" ("series", "width", "at", "plan_id", "delta")
  SELECT c.series, w, date_trunc(w, c.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', c.plan_id,
         sum(COALESCE(c.new, 0) - COALESCE(c.old, 0))
  FROM changes c, "revenue_widths"(c.series) w
  GROUP BY 1, 2, 3, 4
  HAVING sum(COALESCE(c.new, 0) - COALESCE(c.old, 0)) <> 0
  ON CONFLICT ("series", "width", "at", "plan_id")
  DO UPDATE SET "delta" = "revenue_buckets"."delta" + EXCLUDED."delta";
END;
$$;

CREATE FUNCTION "revenue_month_add"(paid TIMESTAMPTZ, plan INTEGER, amount NUMERIC, payments INTEGER)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "revenue_months" ("month", "plan_id", "amount", "payments")
  VALUES (date_trunc('month', paid AT TIME ZONE 'UTC')::date, plan, amount, payments)
  ON CONFLICT ("month", "plan_id") DO UPDATE
  SET "amount" = "revenue_months"."amount" + EXCLUDED."amount", "payments" = "revenue_months"."payments" + EXCLUDED."payments"
$$;

CREATE FUNCTION "payment_orders_rolled_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_counted BOOLEAN := TG_OP <> 'INSERT' AND OLD.status = 'paid' AND NOT OLD.test;
  is_counted BOOLEAN := TG_OP <> 'DELETE' AND NEW.status = 'paid' AND NOT NEW.test;
BEGIN
  IF was_counted AND OLD.paid_at IS NOT NULL THEN
    PERFORM "revenue_month_add"(OLD.paid_at, OLD.plan_id, -OLD.amount, -1);
  END IF;
  IF is_counted AND NEW.paid_at IS NOT NULL THEN
    PERFORM "revenue_month_add"(NEW.paid_at, NEW.plan_id, NEW.amount, 1);
  END IF;
  -- A checkout made or abandoned changes no account's terms.
  IF (was_counted AND OLD.plan_id <> 1) OR (is_counted AND NEW.plan_id <> 1) THEN
    PERFORM "revenue_refresh"(ARRAY(
      SELECT u FROM unnest(ARRAY[CASE WHEN was_counted THEN OLD.user_id END, CASE WHEN is_counted THEN NEW.user_id END]) u
      WHERE u IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "payment_orders_rolled_up_insert_delete" AFTER INSERT OR DELETE ON "payment_orders"
  FOR EACH ROW EXECUTE FUNCTION "payment_orders_rolled_up"();
CREATE TRIGGER "payment_orders_rolled_up_update" AFTER UPDATE OF "status", "test", "paid_at", "amount", "plan_id",
  "user_id", "term_start", "granted_until", "superseded_at" ON "payment_orders"
  FOR EACH ROW WHEN ((OLD."status", OLD."test", OLD."paid_at", OLD."amount", OLD."plan_id", OLD."user_id",
                      OLD."term_start", OLD."granted_until", OLD."superseded_at")
           IS DISTINCT FROM (NEW."status", NEW."test", NEW."paid_at", NEW."amount", NEW."plan_id", NEW."user_id",
                             NEW."term_start", NEW."granted_until", NEW."superseded_at"))
  EXECUTE FUNCTION "payment_orders_rolled_up"();

-- An account's plan or end date: whether its renewal counts, and when.
CREATE FUNCTION "users_plan_rolled_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "revenue_refresh"(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_plan_rolled_up" AFTER UPDATE OF "plan_id", "plan_expires_at" ON "users"
  FOR EACH ROW WHEN ((OLD."plan_id", OLD."plan_expires_at") IS DISTINCT FROM (NEW."plan_id", NEW."plan_expires_at")
                     AND (OLD."plan_id" <> 1 OR NEW."plan_id" <> 1))
  EXECUTE FUNCTION "users_plan_rolled_up"();

-- New accounts by UTC week (its Monday). Slots by backend pid as the counters, so sign-ups at once do not
-- queue on one row; statement-level, so a purge of many accounts adds once per week.
CREATE FUNCTION "users_weeks_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_weeks" ("week", "slot", "count")
    SELECT date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 4, count(*) FROM new_rows n GROUP BY 1
    ON CONFLICT ("week", "slot") DO UPDATE SET "count" = "user_weeks"."count" + EXCLUDED."count";
  ELSE
    INSERT INTO "user_weeks" ("week", "slot", "count")
    SELECT date_trunc('week', o.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 4, -count(*) FROM old_rows o GROUP BY 1
    ON CONFLICT ("week", "slot") DO UPDATE SET "count" = "user_weeks"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "users_week_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_weeks" ("week", "slot", "count")
  VALUES (date_trunc('week', OLD.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 4, -1),
         (date_trunc('week', NEW.created_at AT TIME ZONE 'UTC')::date, pg_backend_pid() % 4, 1)
  ON CONFLICT ("week", "slot") DO UPDATE SET "count" = "user_weeks"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_weeks_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_weeks_counted"();
CREATE TRIGGER "users_weeks_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_weeks_counted"();
CREATE TRIGGER "users_week_moved" AFTER UPDATE OF "created_at" ON "users"
  FOR EACH ROW WHEN (date_trunc('week', OLD."created_at" AT TIME ZONE 'UTC') <> date_trunc('week', NEW."created_at" AT TIME ZONE 'UTC'))
  EXECUTE FUNCTION "users_week_moved"();

-- Every order counted: the admins' payments list's unfiltered total (decision 0117's counters).
CREATE FUNCTION "payment_orders_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total BIGINT;
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT count(*) INTO total FROM new_rows; ELSE SELECT -count(*) INTO total FROM old_rows; END IF;
  IF total <> 0 THEN PERFORM "counter_add"('payment_orders', total); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "payment_orders_counted_insert" AFTER INSERT ON "payment_orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_orders_counted"();
CREATE TRIGGER "payment_orders_counted_delete" AFTER DELETE ON "payment_orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_orders_counted"();

-- TRUNCATE fires no row triggers: what it empties counts nothing (users' TRUNCATE cascades to the orders).
CREATE FUNCTION "rolled_up_table_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM "user_weeks";
  ELSE
    DELETE FROM "counters" WHERE "name" = 'payment_orders';
    DELETE FROM "revenue_months";
    DELETE FROM "revenue_events";
    DELETE FROM "revenue_buckets";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_weeks_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "rolled_up_table_truncated"();
CREATE TRIGGER "payment_orders_rolled_up_truncate" AFTER TRUNCATE ON "payment_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "rolled_up_table_truncated"();

-- The counters' check and repair (migration admin_counters) learn the orders' count.
CREATE OR REPLACE FUNCTION "counter_drift"() RETURNS TABLE ("name" TEXT, "kept" BIGINT, "actual" BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT a.name, COALESCE((SELECT sum(c."value") FROM "counters" c WHERE c."name" = a.name), 0)::BIGINT, a.n
  FROM (VALUES
    ('users', (SELECT count(*) FROM "users")),
    ('users_unverified', (SELECT count(*) FROM "users" WHERE "email_verified_at" IS NULL)),
    ('organizations', (SELECT count(*) FROM "organizations")),
    ('payment_orders', (SELECT count(*) FROM "payment_orders"))
  ) AS a(name, n)
$$;

CREATE OR REPLACE FUNCTION "recount_counters"() RETURNS TABLE ("name" TEXT, "kept" BIGINT, "actual" BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "users", "organizations", "payment_orders" IN SHARE MODE;
  CREATE TEMPORARY TABLE "counter_recount" ON COMMIT DROP AS SELECT * FROM "counter_drift"();
  DELETE FROM "counters" c USING "counter_recount" r WHERE c."name" = r.name;
  INSERT INTO "counters" ("name", "slot", "value") SELECT r.name, 0, r.actual FROM "counter_recount" r;
  RETURN QUERY SELECT r.name, r.kept, r.actual FROM "counter_recount" r WHERE r.kept <> r.actual;
  DROP TABLE "counter_recount";
END;
$$;

-- What the rollup should hold, computed the slow way, beside what it holds: the operator's check (no rows
-- when it is right) and the repair's source. Keys are text so that one table lists every part.
CREATE FUNCTION "revenue_expected"()
RETURNS TABLE ("part" TEXT, "key" TEXT, "value" NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT 'revenue_months.amount', date_trunc('month', o.paid_at AT TIME ZONE 'UTC')::date || ' ' || o.plan_id, sum(o.amount)
  FROM "payment_orders" o WHERE o.status = 'paid' AND NOT o.test AND o.paid_at IS NOT NULL GROUP BY 2
  UNION ALL
  SELECT 'revenue_months.payments', date_trunc('month', o.paid_at AT TIME ZONE 'UTC')::date || ' ' || o.plan_id, count(*)
  FROM "payment_orders" o WHERE o.status = 'paid' AND NOT o.test AND o.paid_at IS NOT NULL GROUP BY 2
  UNION ALL
  SELECT 'revenue_buckets', e.series || ' ' || w || ' ' || e.plan_id || ' '
         || date_trunc(w, e.at AT TIME ZONE 'UTC')::text, sum(e.delta)
  FROM "revenue_user_events"(NULL) e, "revenue_widths"(e.series) w GROUP BY 2
  UNION ALL
  SELECT 'revenue_events', e.user_id || ' ' || e.series || ' ' || e.plan_id || ' ' || (e.at AT TIME ZONE 'UTC')::text, sum(e.delta)
  FROM "revenue_user_events"(NULL) e GROUP BY 2
  UNION ALL
  SELECT 'user_weeks', date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date::text, count(*) FROM "users" u GROUP BY 2
$$;

CREATE FUNCTION "revenue_kept"()
RETURNS TABLE ("part" TEXT, "key" TEXT, "value" NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT 'revenue_months.amount', m.month || ' ' || m.plan_id, m.amount FROM "revenue_months" m
  UNION ALL
  SELECT 'revenue_months.payments', m.month || ' ' || m.plan_id, m.payments FROM "revenue_months" m
  UNION ALL
  SELECT 'revenue_buckets', b.series || ' ' || b.width || ' ' || b.plan_id || ' '
         || (b.at AT TIME ZONE 'UTC')::text, b.delta FROM "revenue_buckets" b
  UNION ALL
  SELECT 'revenue_events', e.user_id || ' ' || e.series || ' ' || e.plan_id || ' ' || (e.at AT TIME ZONE 'UTC')::text, e.delta
  FROM "revenue_events" e
  UNION ALL
  SELECT 'user_weeks', w.week::text, sum(w.count) FROM "user_weeks" w GROUP BY w.week
$$;

CREATE FUNCTION "revenue_drift"() RETURNS TABLE ("part" TEXT, "key" TEXT, "kept" NUMERIC, "actual" NUMERIC)
LANGUAGE sql STABLE AS $$
  SELECT part, key, COALESCE(k.value, 0), COALESCE(x.value, 0)
  FROM "revenue_kept"() k FULL JOIN "revenue_expected"() x USING (part, key)
  WHERE COALESCE(k.value, 0) <> COALESCE(x.value, 0)
  ORDER BY 1, 2
$$;

-- Repair: rebuilds the whole rollup under a lock that waits for the writers in flight and holds new ones
-- off, and returns how many rows each part now has. Also run by the benchmark after its bulk load (which
-- skips triggers) and when PLAN_GRACE_DAYS changes.
CREATE FUNCTION "recount_revenue"() RETURNS TABLE ("part" TEXT, "rows" BIGINT) LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "users", "payment_orders" IN SHARE MODE;
  -- TRUNCATE, not DELETE: millions of events at a million orders; readers of the rollup wait the rebuild.
  TRUNCATE "revenue_months", "revenue_events", "revenue_buckets", "user_weeks";
  INSERT INTO "revenue_months" ("month", "plan_id", "amount", "payments")
  SELECT date_trunc('month', o.paid_at AT TIME ZONE 'UTC')::date, o.plan_id, sum(o.amount), count(*)
  FROM "payment_orders" o WHERE o.status = 'paid' AND NOT o.test AND o.paid_at IS NOT NULL GROUP BY 1, 2;
  -- Millions of events: loaded without the table's indexes, which are built after (77 s became 15 s at a
  -- million orders on this project's 2-core machine). The same names and definitions as above.
  ALTER TABLE "revenue_events" DROP CONSTRAINT "revenue_events_pkey";
  DROP INDEX "revenue_events_series_at_idx";
  INSERT INTO "revenue_events" ("user_id", "series", "plan_id", "at", "delta")
  SELECT e.user_id, e.series, e.plan_id, e.at, sum(e.delta) FROM "revenue_user_events"(NULL) e GROUP BY 1, 2, 3, 4;
  ALTER TABLE "revenue_events" ADD CONSTRAINT "revenue_events_pkey" PRIMARY KEY ("user_id", "series", "plan_id", "at");
  CREATE INDEX "revenue_events_series_at_idx" ON "revenue_events"("series", "at") INCLUDE ("plan_id", "delta");
  INSERT INTO "revenue_buckets" ("series", "width", "at", "plan_id", "delta")
  SELECT e.series, w, date_trunc(w, e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', e.plan_id, sum(e.delta)
  FROM "revenue_events" e, "revenue_widths"(e.series) w GROUP BY 1, 2, 3, 4 HAVING sum(e.delta) <> 0;
  INSERT INTO "user_weeks" ("week", "slot", "count")
  SELECT date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM "users" u GROUP BY 1;
  RETURN QUERY SELECT 'revenue_months', count(*) FROM "revenue_months"
    UNION ALL SELECT 'revenue_events', count(*) FROM "revenue_events"
    UNION ALL SELECT 'revenue_buckets', count(*) FROM "revenue_buckets"
    UNION ALL SELECT 'user_weeks', count(*) FROM "user_weeks";
END;
$$;

-- The server's PLAN_GRACE_DAYS: rebuilds the rollup when the kept one was counted with another (true then).
CREATE FUNCTION "revenue_use_grace"(days INTEGER) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "revenue_settings" FOR UPDATE;
  IF (SELECT "grace" FROM "revenue_settings") = make_interval(days => days) THEN RETURN false; END IF;
  UPDATE "revenue_settings" SET "grace" = make_interval(days => days);
  PERFORM "recount_revenue"();
  RETURN true;
END;
$$;

-- The sum of a series' events before a moment, per plan: whole months, then the days of that moment's
-- month, the hours of its day and the events of its hour, so that it reads a few hundred rows however many
-- events there are. Inlined into the caller's statement (one SELECT, STABLE), so it is planned with the
-- caller's values.
CREATE FUNCTION "revenue_total"(series_name TEXT, upto TIMESTAMPTZ)
RETURNS TABLE ("plan_id" INTEGER, "total" BIGINT) LANGUAGE sql STABLE AS $$
  SELECT d.plan_id, sum(d.delta)::bigint FROM (
    SELECT b.plan_id, b.delta FROM "revenue_buckets" b
    WHERE b.series = series_name AND b.width = 'month'
      AND b.at < date_trunc('month', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    UNION ALL
    SELECT b.plan_id, b.delta FROM "revenue_buckets" b
    WHERE b.series = series_name AND b.width = 'day'
      AND b.at >= date_trunc('month', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND b.at < date_trunc('day', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    UNION ALL
    SELECT b.plan_id, b.delta FROM "revenue_buckets" b
    WHERE b.series = series_name AND b.width = 'hour'
      AND b.at >= date_trunc('day', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND b.at < date_trunc('hour', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    UNION ALL
    SELECT e.plan_id, e.delta::bigint FROM "revenue_events" e
    WHERE e.series = series_name AND e.at >= date_trunc('hour', upto AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND e.at < upto
  ) d
  GROUP BY d.plan_id
$$;

-- Now, under the triggers' lock (CREATE TRIGGER holds off writers until this migration commits).
SELECT "recount_revenue"();
SELECT * FROM "recount_counters"();
