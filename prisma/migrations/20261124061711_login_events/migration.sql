-- CreateEnum
CREATE TYPE "login_event_kind" AS ENUM ('wrong_code', 'code_sent');

-- CreateTable
CREATE TABLE "login_events" (
    "id" BIGSERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "kind" "login_event_kind" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "login_events_email_kind_created_at_idx" ON "login_events"("email", "kind", "created_at");

-- CreateIndex
CREATE INDEX "login_events_created_at_idx" ON "login_events"("created_at");

-- Codes were SHA-256 of email:code; they are now keyed (HMAC, LOGIN_CODE_SECRET). Codes live 10 minutes:
-- the few in flight are dropped, so their holders are told to ask for a new one rather than "wrong code".
DELETE FROM "login_codes";
