CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`target_type` text DEFAULT '' NOT NULL,
	`target_id` text DEFAULT '' NOT NULL,
	`outcome` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`ip_address` text DEFAULT '' NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `cron_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`result` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cron_runs_job_started_idx` ON `cron_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `error_counts` (
	`route` text NOT NULL,
	`bucket` integer NOT NULL,
	`client_errors` integer DEFAULT 0 NOT NULL,
	`server_errors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`route`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`title_pt` text NOT NULL,
	`title_en` text NOT NULL,
	`body_pt` text DEFAULT '' NOT NULL,
	`body_en` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'investigating' NOT NULL,
	`impact` text DEFAULT 'minor' NOT NULL,
	`started_at` integer NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `incidents_started_idx` ON `incidents` (`started_at`);--> statement-breakpoint
CREATE TABLE `service_results` (
	`service` text PRIMARY KEY NOT NULL,
	`ok` integer NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `feedback` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `feedback` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `feedback` ADD `replied_at` integer;--> statement-breakpoint
CREATE INDEX `feedback_status_created_idx` ON `feedback` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;