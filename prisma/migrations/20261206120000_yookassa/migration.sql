-- YooKassa beside YooMoney (issue 28; decisions 0200-0206): the order's provider and its payment there,
-- canceled payments, refunds through the provider, saved payment methods for auto-renewal.

-- AlterEnum
ALTER TYPE "payment_order_status" ADD VALUE 'canceled';

-- AlterEnum
ALTER TYPE "payment_refund_reason" ADD VALUE 'provider_refund';

-- AlterTable
ALTER TABLE "payment_orders" ADD COLUMN     "auto_renew" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "cancel_reason" VARCHAR(64),
ADD COLUMN     "idempotence_key" VARCHAR(64),
ADD COLUMN     "needs_review" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "provider" VARCHAR(16) NOT NULL DEFAULT 'yoomoney',
ADD COLUMN     "provider_payment_id" VARCHAR(64),
ADD COLUMN     "refunded_amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "renewal_of" TIMESTAMPTZ(3);

-- The sandbox's orders were test orders all along.
UPDATE "payment_orders" SET "provider" = 'test' WHERE "test";

-- CreateTable
CREATE TABLE "saved_payment_methods" (
    "user_id" INTEGER NOT NULL,
    "provider_method_id" VARCHAR(64) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "title" VARCHAR(128) NOT NULL,
    "auto_renew" BOOLEAN NOT NULL DEFAULT true,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "failed_for" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_payment_methods_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_orders_provider_payment_id_key" ON "payment_orders"("provider_payment_id");

-- CreateIndex
CREATE INDEX "payment_orders_renewal_of_idx" ON "payment_orders"("renewal_of");

-- AddForeignKey
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
