-- Teams (issue 13): invitations by e-mail, the organization admin member type, two-step ownership transfer.
-- Decisions 0130-0134. The partial unique indexes at the end are written by hand (the schema language
-- cannot express them); delete any DROP INDEX for them that `migrate.mjs create` proposes later.

-- CreateEnum
CREATE TYPE "invitation_status" AS ENUM ('pending', 'accepted', 'declined', 'revoked', 'expired');

-- CreateEnum
CREATE TYPE "transfer_status" AS ENUM ('pending', 'accepted', 'declined', 'cancelled', 'expired');

-- CreateTable
CREATE TABLE "invitations" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "type_id" INTEGER NOT NULL,
    "status" "invitation_status" NOT NULL DEFAULT 'pending',
    "token_hash" BYTEA NOT NULL,
    "invited_by_id" INTEGER,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ownership_transfers" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "from_user_id" INTEGER NOT NULL,
    "to_user_id" INTEGER NOT NULL,
    "status" "transfer_status" NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ownership_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");

-- CreateIndex
CREATE INDEX "invitations_organization_id_status_expires_at_idx" ON "invitations"("organization_id", "status", "expires_at");

-- CreateIndex
CREATE INDEX "invitations_email_status_expires_at_idx" ON "invitations"("email", "status", "expires_at");

-- CreateIndex
CREATE INDEX "invitations_invited_by_id_idx" ON "invitations"("invited_by_id");

-- CreateIndex
CREATE INDEX "ownership_transfers_organization_id_status_idx" ON "ownership_transfers"("organization_id", "status");

-- CreateIndex
CREATE INDEX "ownership_transfers_from_user_id_idx" ON "ownership_transfers"("from_user_id");

-- CreateIndex
CREATE INDEX "ownership_transfers_to_user_id_status_idx" ON "ownership_transfers"("to_user_id", "status");

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "member_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_from_user_id_fkey" FOREIGN KEY ("from_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_to_user_id_fkey" FOREIGN KEY ("to_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Member type 3: an organization admin (not a site admin, which is user type 2).
INSERT INTO "member_types" ("id", "code", "name") VALUES (3, 'admin', 'Администратор');

-- At most one open invitation per organization and address, whatever runs at once (decision 0131).
CREATE UNIQUE INDEX "invitations_one_pending_per_address" ON "invitations" ("organization_id", "email") WHERE "status" = 'pending';

-- At most one open ownership offer per organization (decision 0133).
CREATE UNIQUE INDEX "ownership_transfers_one_pending_per_organization" ON "ownership_transfers" ("organization_id") WHERE "status" = 'pending';
