-- Issue 14: where each session was opened (decision 0140), devices seen per account and the new-device
-- mail switch (0141), passkeys and their one-use challenges (0142).

-- CreateEnum
CREATE TYPE "webauthn_challenge_purpose" AS ENUM ('registration', 'authentication');

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "device" VARCHAR(128),
ADD COLUMN     "ip" VARCHAR(64),
ADD COLUMN     "is_desktop" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "user_agent" VARCHAR(512);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "new_device_mail" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "webauthn_user_id" BYTEA;

-- CreateTable
CREATE TABLE "known_devices" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "fingerprint" BYTEA NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "known_devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passkeys" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "credential_id" VARCHAR(1400) NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" VARCHAR(32)[],
    "device_type" VARCHAR(16) NOT NULL,
    "backed_up" BOOLEAN NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webauthn_challenges" (
    "id" SERIAL NOT NULL,
    "challenge" VARCHAR(128) NOT NULL,
    "purpose" "webauthn_challenge_purpose" NOT NULL,
    "user_id" INTEGER,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webauthn_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "known_devices_user_id_last_seen_at_idx" ON "known_devices"("user_id", "last_seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "known_devices_user_id_fingerprint_key" ON "known_devices"("user_id", "fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "passkeys_user_id_idx" ON "passkeys"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "webauthn_challenges_challenge_key" ON "webauthn_challenges"("challenge");

-- CreateIndex
CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_webauthn_user_id_key" ON "users"("webauthn_user_id");

-- AddForeignKey
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
