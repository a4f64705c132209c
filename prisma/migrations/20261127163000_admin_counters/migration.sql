-- Exact counts kept with the rows they count (docs/decisions/0117-admin-counters.md): the admin counts and
-- the unfiltered totals of the admin lists read a few counter rows instead of counting every user. Triggers
-- add to the counters in the transaction that inserts, deletes or verifies the rows, so a count is exact
-- as of the reader's snapshot, as count(*) is.

-- CreateTable
CREATE TABLE "counters" (
    "name" VARCHAR(32) NOT NULL,
    "slot" SMALLINT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("name","slot")
);

-- A count is the sum of its slots; a connection adds to the slot of its backend pid, so transactions on
-- different connections that create accounts at once do not wait for each other's commit on one row.
CREATE FUNCTION "counter_add"(counter_name TEXT, delta BIGINT) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "counters" ("name", "slot", "value") VALUES (counter_name, pg_backend_pid() % 16, delta)
  ON CONFLICT ("name", "slot") DO UPDATE SET "value" = "counters"."value" + EXCLUDED."value"
$$;

-- Statement-level with transition tables: a purge of ten thousand unverified accounts, or the cascade of
-- an account's deletion to its organizations, adds once per statement, not once per row.
CREATE FUNCTION "users_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total BIGINT;
  unverified BIGINT;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), count(*) FILTER (WHERE "email_verified_at" IS NULL) INTO total, unverified FROM new_rows;
  ELSE
    SELECT -count(*), -count(*) FILTER (WHERE "email_verified_at" IS NULL) INTO total, unverified FROM old_rows;
  END IF;
  IF total <> 0 THEN PERFORM "counter_add"('users', total); END IF;
  IF unverified <> 0 THEN PERFORM "counter_add"('users_unverified', unverified); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "users_verification_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "counter_add"('users_unverified', CASE WHEN NEW."email_verified_at" IS NULL THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;

CREATE FUNCTION "organizations_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total BIGINT;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO total FROM new_rows;
  ELSE
    SELECT -count(*) INTO total FROM old_rows;
  END IF;
  IF total <> 0 THEN PERFORM "counter_add"('organizations', total); END IF;
  RETURN NULL;
END;
$$;

-- TRUNCATE fires no row triggers: it empties the table, so its counts are zero.
CREATE FUNCTION "counted_table_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM "counters" WHERE "name" IN ('users', 'users_unverified');
  ELSE
    DELETE FROM "counters" WHERE "name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_counted"();
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_counted"();
-- Row-level with a WHEN clause: it runs only when an account becomes verified (or unverified), never on
-- the other updates of users (the storage quota, the profile).
CREATE TRIGGER "users_verification_counted" AFTER UPDATE OF "email_verified_at" ON "users"
  FOR EACH ROW WHEN ((OLD."email_verified_at" IS NULL) IS DISTINCT FROM (NEW."email_verified_at" IS NULL))
  EXECUTE FUNCTION "users_verification_counted"();
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "counted_table_truncated"();

CREATE TRIGGER "organizations_counted_insert" AFTER INSERT ON "organizations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "organizations_counted"();
CREATE TRIGGER "organizations_counted_delete" AFTER DELETE ON "organizations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "organizations_counted"();
CREATE TRIGGER "organizations_counted_truncate" AFTER TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "counted_table_truncated"();

-- What each counter should hold, counted the slow way: the operator's check and the repair's source.
CREATE FUNCTION "counter_drift"() RETURNS TABLE ("name" TEXT, "kept" BIGINT, "actual" BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT a.name, COALESCE((SELECT sum(c."value") FROM "counters" c WHERE c."name" = a.name), 0)::BIGINT, a.n
  FROM (VALUES
    ('users', (SELECT count(*) FROM "users")),
    ('users_unverified', (SELECT count(*) FROM "users" WHERE "email_verified_at" IS NULL)),
    ('organizations', (SELECT count(*) FROM "organizations"))
  ) AS a(name, n)
$$;

-- Repair: recounts every counter under a lock that waits for the writers in flight and holds new ones off
-- for the recount, and returns what it changed (nothing when they were right). Also run by the benchmark
-- after its bulk load, which skips triggers.
CREATE FUNCTION "recount_counters"() RETURNS TABLE ("name" TEXT, "kept" BIGINT, "actual" BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "users", "organizations" IN SHARE MODE;
  CREATE TEMPORARY TABLE "counter_recount" ON COMMIT DROP AS SELECT * FROM "counter_drift"();
  DELETE FROM "counters" c USING "counter_recount" r WHERE c."name" = r.name;
  INSERT INTO "counters" ("name", "slot", "value") SELECT r.name, 0, r.actual FROM "counter_recount" r;
  RETURN QUERY SELECT r.name, r.kept, r.actual FROM "counter_recount" r WHERE r.kept <> r.actual;
  DROP TABLE "counter_recount";
END;
$$;

-- Now, under the triggers' lock (CREATE TRIGGER holds off writers until this migration commits).
INSERT INTO "counters" ("name", "slot", "value") SELECT "name", 0, "actual" FROM "counter_drift"();
