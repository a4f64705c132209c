-- Accounts a non-admin found by their exact e-mail, for 15 minutes (decision 0190).
CREATE TABLE "user_lookups" (
    "caller_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_lookups_pkey" PRIMARY KEY ("caller_id","user_id")
);

-- CreateIndex
CREATE INDEX "user_lookups_at_idx" ON "user_lookups"("at");

-- CreateIndex
CREATE INDEX "user_lookups_user_id_idx" ON "user_lookups"("user_id");

-- AddForeignKey
ALTER TABLE "user_lookups" ADD CONSTRAINT "user_lookups_caller_id_fkey" FOREIGN KEY ("caller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_lookups" ADD CONSTRAINT "user_lookups_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
