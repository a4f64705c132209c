-- Issue 30: companies bring their own identity (docs/decisions/0270 onwards). Plans gain `sso`; sessions
-- record how they were opened; verified domains, OIDC connections, SCIM tokens, linked identities and the
-- state of redirects to outside providers get tables of their own.

-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "sso" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "method" VARCHAR(16);

-- CreateTable
CREATE TABLE "organization_domains" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "last_checked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_connections" (
    "organization_id" INTEGER NOT NULL,
    "issuer" VARCHAR(2048) NOT NULL,
    "client_id" VARCHAR(255) NOT NULL,
    "client_secret_sealed" TEXT NOT NULL,
    "display_name" VARCHAR(80) NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "enforce" BOOLEAN NOT NULL DEFAULT false,
    "default_type_id" INTEGER NOT NULL DEFAULT 2,
    "tested_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_connections_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "identity_flows" (
    "id" SERIAL NOT NULL,
    "state_hash" BYTEA NOT NULL,
    "provider" VARCHAR(16) NOT NULL,
    "purpose" VARCHAR(16) NOT NULL,
    "organization_id" INTEGER,
    "user_id" INTEGER,
    "nonce" VARCHAR(128),
    "code_verifier" VARCHAR(128),
    "return_to" VARCHAR(2048),
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(512),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "identity_flows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_identities" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(32) NOT NULL,
    "organization_id" INTEGER,
    "subject" VARCHAR(255) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "user_identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_tokens" (
    "organization_id" INTEGER NOT NULL,
    "token_hash" BYTEA NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "scim_tokens_pkey" PRIMARY KEY ("organization_id")
);

-- CreateIndex
CREATE INDEX "organization_domains_domain_idx" ON "organization_domains"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "organization_domains_organization_id_domain_key" ON "organization_domains"("organization_id", "domain");

-- CreateIndex
CREATE UNIQUE INDEX "identity_flows_state_hash_key" ON "identity_flows"("state_hash");

-- CreateIndex
CREATE INDEX "identity_flows_expires_at_idx" ON "identity_flows"("expires_at");

-- CreateIndex
CREATE INDEX "user_identities_user_id_idx" ON "user_identities"("user_id");

-- CreateIndex
CREATE INDEX "user_identities_organization_id_idx" ON "user_identities"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_identities_provider_subject_key" ON "user_identities"("provider", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "scim_tokens_token_hash_key" ON "scim_tokens"("token_hash");

-- AddForeignKey
ALTER TABLE "organization_domains" ADD CONSTRAINT "organization_domains_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A domain is verified by one organization at a time (issue 30): only verified rows are unique.
CREATE UNIQUE INDEX "organization_domains_verified_domain_key" ON "organization_domains"("domain") WHERE "verified_at" IS NOT NULL;

-- The seeded 'Корп' plan carries SSO and SCIM; the others do not (issue 30).
UPDATE "plans" SET "sso" = true WHERE "id" = 3 AND "name" = 'Корп';
