-- Issue 32: the cabinet in English too. Each account has its language (docs/decisions/0302): what the
-- cabinet shows, what the API answers and the mails it is sent. Russian for every account until it chooses.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'ru';
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('ru', 'en'));
