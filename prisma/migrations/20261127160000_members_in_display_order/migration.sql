-- Members in the order every answer shows them (type, then id): issue 12, decision 0114.
CREATE INDEX "members_organization_id_type_id_id_idx" ON "members"("organization_id", "type_id", "id");
