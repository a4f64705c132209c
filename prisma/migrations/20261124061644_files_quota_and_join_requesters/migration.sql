-- Who asked for a join request (desktop finish-adding); see docs/decisions/0098-join-request-requester.md.
ALTER TABLE "members" ADD COLUMN     "requested_by_id" INTEGER;

-- Stored bytes per user for the storage quota; see docs/decisions/0095-storage-quota.md.
ALTER TABLE "users" ADD COLUMN     "files_bytes" BIGINT NOT NULL DEFAULT 0;

-- Files stored before the quota count from the start.
UPDATE "users" AS u
SET "files_bytes" = f.total
FROM (SELECT "user_id", SUM("size")::BIGINT AS total FROM "files" GROUP BY "user_id") AS f
WHERE f."user_id" = u."id";

-- CreateIndex
CREATE INDEX "members_requested_by_id_idx" ON "members"("requested_by_id");

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
