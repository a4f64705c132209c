-- CreateEnum
CREATE TYPE "payment_refund_reason" AS ENUM ('unknown_label', 'already_paid', 'amount_short');

-- Nothing financial is ever cascade-deleted (decision 0093): both foreign keys below are redefined.

-- DropForeignKey
ALTER TABLE "payment_notifications" DROP CONSTRAINT "payment_notifications_order_id_fkey";

-- DropForeignKey
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_user_id_fkey";

-- AlterTable
ALTER TABLE "payment_orders" ADD COLUMN     "credit" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "email" VARCHAR(254),
ADD COLUMN     "superseded_at" TIMESTAMPTZ(3),
ADD COLUMN     "term_start" TIMESTAMPTZ(3),
ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "user_id" DROP NOT NULL;

-- Backfill (decision 0093): the e-mail of each order's account, kept when the account goes.
UPDATE "payment_orders" AS o SET "email" = u."email" FROM "users" AS u WHERE u."id" = o."user_id";

-- Backfill (decision 0091): the span each paid order bought ends at granted_until and is one period long
-- (the credit of an earlier switch is not known for old orders: they count at their paid amount). An order
-- paid under an unlimited grant (granted_until null) starts when it was paid.
UPDATE "payment_orders"
SET "term_start" = COALESCE(
  ("granted_until" AT TIME ZONE 'UTC'
    - CASE "period" WHEN 'month' THEN INTERVAL '1 month' ELSE INTERVAL '12 months' END) AT TIME ZONE 'UTC',
  "paid_at")
WHERE "status" = 'paid';

-- Backfill (decision 0090): orders paid through the sandbox page were test payments.
UPDATE "payment_orders" AS o SET "test" = true
WHERE EXISTS (
  SELECT 1 FROM "payment_notifications" AS n WHERE n."order_id" = o."id" AND n."operation_id" LIKE 'sandbox-%'
);

-- CreateTable
CREATE TABLE "payment_refunds" (
    "id" SERIAL NOT NULL,
    "operation_id" VARCHAR(128) NOT NULL,
    "label" VARCHAR(64) NOT NULL,
    "order_id" INTEGER,
    "email" VARCHAR(254),
    "amount" DECIMAL(12,2) NOT NULL,
    "reason" "payment_refund_reason" NOT NULL,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "fields" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" VARCHAR(254),

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_refunds_operation_id_key" ON "payment_refunds"("operation_id");

-- CreateIndex
CREATE INDEX "payment_refunds_created_at_idx" ON "payment_refunds"("created_at");

-- CreateIndex
CREATE INDEX "payment_refunds_order_id_idx" ON "payment_refunds"("order_id");

-- AddForeignKey
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "payment_orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "payment_orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
