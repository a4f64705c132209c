-- CreateIndex
CREATE INDEX "files_size_id_idx" ON "files"("size", "id");

-- CreateIndex
CREATE INDEX "files_created_at_id_idx" ON "files"("created_at", "id");

-- CreateIndex
CREATE INDEX "payment_orders_plan_id_status_created_at_idx" ON "payment_orders"("plan_id", "status", "created_at");

-- Admins search every file by original name (substring); written by hand: see docs/decisions/0002-database.md.
CREATE INDEX "files_original_name_trgm_idx" ON "files" USING GIN ("original_name" gin_trgm_ops);
