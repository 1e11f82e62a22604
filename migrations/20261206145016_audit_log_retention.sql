-- The audit log keeps its append-only guarantee for a year, then its rows may go (docs/decisions/
-- 0095, "Revised"): admins' e-mail addresses, IP addresses and browsers are personal data, kept no
-- longer than the log is useful. The DELETE guard now refuses only rows younger than 365 days by
-- D1's own clock; the nightly `cleanup-audit-log` deletes those older than 366 (worker/db/admin.ts).
DROP TRIGGER IF EXISTS `audit_log_no_delete`;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` WHEN old.created_at >= (unixepoch() - 365 * 86400) * 1000 BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
