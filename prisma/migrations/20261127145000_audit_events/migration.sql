-- The audit log (docs/decisions/0145-audit-log.md). Append-only: no foreign keys (an event outlives its
-- actor, organization and object), a trigger refuses UPDATE and TRUNCATE, and DELETE is refused unless
-- the retention task (apps/api/src/modules/audit/audit.retention.ts) says so for its own transaction.

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" INTEGER,
    "actor_name" VARCHAR(40),
    "actor_email" VARCHAR(254),
    "action" VARCHAR(64) NOT NULL,
    "target_type" VARCHAR(32),
    "target_id" INTEGER,
    "organization_id" INTEGER,
    "ip" VARCHAR(64),
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- Newest first, keyset on (at, id): each filter has an index ending in (at, id), scanned backwards.
-- CreateIndex
CREATE INDEX "audit_events_at_id_idx" ON "audit_events"("at", "id");

-- CreateIndex
CREATE INDEX "audit_events_organization_id_at_id_idx" ON "audit_events"("organization_id", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_at_id_idx" ON "audit_events"("actor_id", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_action_at_id_idx" ON "audit_events"("action", "at", "id");

-- Events are never changed, and deleted only by the retention task, which sets
-- cabinet.audit_prune = 'on' with SET LOCAL inside its own transaction.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('cabinet.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_events_no_update"
  BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();

CREATE TRIGGER "audit_events_no_truncate"
  BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
