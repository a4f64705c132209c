-- Issue 10, accounts: e-mail changes wait for proof (decision 0085); unverified accounts are purged after
-- 7 days unless a site admin created or edited them (decision 0088).

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "admin_edited_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "email_changes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "code_hash" BYTEA NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_changes_user_id_key" ON "email_changes"("user_id");

-- CreateIndex
CREATE INDEX "email_changes_expires_at_idx" ON "email_changes"("expires_at");

-- AddForeignKey
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (the schema language has no partial indexes; keep it when a generated migration proposes
-- to drop it, as docs/decisions/0002-database.md says): the purge finds old unverified accounts and the
-- admin count counts unverified ones without reading every user.
CREATE INDEX "users_unverified_created_at_idx" ON "users" ("created_at") WHERE "email_verified_at" IS NULL;
