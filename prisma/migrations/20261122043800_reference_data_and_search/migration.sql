-- Reference data and the indexes Prisma's schema language cannot express.
-- After `migrate.mjs create`, delete any generated DROP INDEX for the indexes below
-- (see docs/decisions/0002-database.md).

-- Substring search (ILIKE '%…%') on e-mail and names stays index-backed at a million rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "users_email_trgm_idx" ON "users" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "users_name_trgm_idx" ON "users" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "plans_name_trgm_idx" ON "plans" USING GIN ("name" gin_trgm_ops);

-- Exactly one owner per organization, whatever runs at once.
CREATE UNIQUE INDEX "members_one_owner_per_organization" ON "members" ("organization_id") WHERE "type_id" = 1;

INSERT INTO "user_types" ("id", "code", "name") VALUES
  (1, 'user', 'Пользователь'),
  (2, 'admin', 'Администратор');

INSERT INTO "organization_types" ("id", "code", "name") VALUES
  (1, 'personal', 'Личное пространство'),
  (2, 'team', 'Команда'),
  (3, 'company', 'Компания');

INSERT INTO "member_types" ("id", "code", "name") VALUES
  (1, 'owner', 'Владелец'),
  (2, 'member', 'Участник');

INSERT INTO "plans" ("id", "name", "description", "price_month", "price_year", "max_members", "max_organizations", "support_type_id") VALUES
  (1, 'Базовый', 'Одна организация и до 5 участников. Бесплатно навсегда.', 0.00, 0.00, 5, 1, 1),
  (2, 'Про', 'До 5 организаций и 25 участников в каждой. Приоритетная поддержка.', 990.00, 9504.00, 25, 5, 1),
  (3, 'Корп', 'До 20 организаций и 99 участников в каждой. Поддержка с выделенным менеджером.', 2990.00, 28704.00, 99, 20, 1);
-- Plans get ids from the sequence from now on.
SELECT setval(pg_get_serial_sequence('plans', 'id'), 3);
