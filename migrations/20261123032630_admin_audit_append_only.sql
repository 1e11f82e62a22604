-- The audit log is append-only in D1 itself, not only in the app: no UPDATE or DELETE of its rows
-- ever succeeds (docs/decisions/0032-admin-and-operations.md). drizzle-kit does not generate
-- triggers, hence this custom migration.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
