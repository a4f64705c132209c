-- Issue 27 item 1 (decision 0182): sign-in caps per client (an address or a known device) and the devices
-- that completed a code sign-in; item 5 (decision 0184): e-mail change wrong codes per target address.

-- AlterEnum
ALTER TYPE "login_event_kind" ADD VALUE 'change_wrong_code';

-- AlterTable
ALTER TABLE "login_events" ADD COLUMN     "client" VARCHAR(64) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "login_codes" ADD COLUMN     "client" VARCHAR(64) NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "sign_in_devices" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_devices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_devices_token_hash_key" ON "sign_in_devices"("token_hash");

-- CreateIndex
CREATE INDEX "sign_in_devices_user_id_last_used_at_idx" ON "sign_in_devices"("user_id", "last_used_at");

-- CreateIndex
CREATE INDEX "email_changes_email_idx" ON "email_changes"("email");

-- AddForeignKey
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
