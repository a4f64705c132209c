-- Issue 15: the mail outbox, plan notices sent once, and the indexes of the revenue dashboard
-- (docs/decisions/0151, 0152, 0155). pg-boss keeps its own tables in the schema "pgboss", made by pg-boss.

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" BIGSERIAL NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "to" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_notices" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "plan_end" TIMESTAMPTZ(3) NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mail_outbox_key_key" ON "mail_outbox"("key");

-- CreateIndex
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "plan_notices_user_id_plan_end_kind_key" ON "plan_notices"("user_id", "plan_end", "kind");

-- AddForeignKey
ALTER TABLE "plan_notices" ADD CONSTRAINT "plan_notices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (partial indexes the schema language cannot express):

-- Mails still to send, in order: the 'mail-outbox' job's claim.
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox"("next_attempt_at", "id") WHERE "sent_at" IS NULL;

-- Paid plans by end date: the reminders, the end-of-plan mails, the grace period's end, renewals to come.
CREATE INDEX "users_paid_plan_expires_idx" ON "users"("plan_expires_at") WHERE "plan_id" <> 1;

-- Real (not test) payments by the day they were paid: revenue by month.
CREATE INDEX "payment_orders_real_paid_at_idx" ON "payment_orders"("paid_at") INCLUDE ("amount")
    WHERE "status" = 'paid' AND NOT "test";

-- Real payments by the end of the time they bought: paying users now and by month.
CREATE INDEX "payment_orders_real_term_idx" ON "payment_orders"("granted_until")
    INCLUDE ("user_id", "plan_id", "term_start", "superseded_at", "paid_at", "amount")
    WHERE "status" = 'paid' AND NOT "test";

-- A user's real payments by end date: whether the plan ending soon was paid for (renewals).
CREATE INDEX "payment_orders_real_user_term_idx" ON "payment_orders"("user_id", "granted_until")
    WHERE "status" = 'paid' AND NOT "test";
