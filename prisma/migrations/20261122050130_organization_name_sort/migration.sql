-- CreateIndex
CREATE INDEX "organizations_name_id_idx" ON "organizations"("name", "id");
