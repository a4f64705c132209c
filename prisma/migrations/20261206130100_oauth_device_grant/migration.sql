-- OAuth clients and the device authorization grant (issue 29; docs/decisions/0220-oauth-clients.md,
-- 0221-device-authorization-grant.md, 0222-device-token-is-a-session.md). The `desktop` client is seeded.

-- CreateEnum
CREATE TYPE "oauth_device_status" AS ENUM ('pending', 'approved', 'denied', 'used');

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "oauth_client_id" INTEGER,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "oauth_clients" (
    "id" SERIAL NOT NULL,
    "client_id" VARCHAR(64) NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "grant_types" TEXT[],
    "scopes" TEXT[],
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_device_codes" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "device_code_hash" BYTEA NOT NULL,
    "user_code" VARCHAR(8) NOT NULL,
    "scopes" TEXT[],
    "status" "oauth_device_status" NOT NULL DEFAULT 'pending',
    "user_id" INTEGER,
    "interval" INTEGER NOT NULL DEFAULT 5,
    "last_polled_at" TIMESTAMPTZ(3),
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(512),
    "device" VARCHAR(128),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_device_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_device_attempts" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "ip" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_device_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oauth_clients_client_id_key" ON "oauth_clients"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_device_codes_device_code_hash_key" ON "oauth_device_codes"("device_code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_device_codes_user_code_key" ON "oauth_device_codes"("user_code");

-- CreateIndex
CREATE INDEX "oauth_device_codes_expires_at_idx" ON "oauth_device_codes"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_device_attempts_user_id_created_at_idx" ON "oauth_device_attempts"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "oauth_device_attempts_ip_created_at_idx" ON "oauth_device_attempts"("ip", "created_at");

-- CreateIndex
CREATE INDEX "oauth_device_attempts_created_at_idx" ON "oauth_device_attempts"("created_at");

-- CreateIndex
CREATE INDEX "sessions_oauth_client_id_idx" ON "sessions"("oauth_client_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_oauth_client_id_fkey" FOREIGN KEY ("oauth_client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_device_codes" ADD CONSTRAINT "oauth_device_codes_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The seeded client of the desktop tool and its command-line runner.
INSERT INTO "oauth_clients" ("client_id", "name", "grant_types", "scopes")
VALUES ('desktop', 'Настольное приложение', ARRAY['device_code'], ARRAY['read', 'write']);
