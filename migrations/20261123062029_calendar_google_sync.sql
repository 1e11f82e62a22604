CREATE TABLE `event_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`source` text NOT NULL,
	`reason` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_history_user_event_idx` ON `event_history` (`user_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `google_calendars` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`google_id` text NOT NULL,
	`summary` text NOT NULL,
	`color` text,
	`primary` integer DEFAULT false NOT NULL,
	`selected` integer DEFAULT false NOT NULL,
	`sync_token` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `google_calendars_user_google_idx` ON `google_calendars` (`user_id`,`google_id`);--> statement-breakpoint
CREATE TABLE `google_calendar_connections` (
	`user_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`refresh_token` text,
	`default_calendar_id` text,
	`last_sync_at` integer,
	`last_error` text,
	`next_sync_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `google_connections_status_idx` ON `google_calendar_connections` (`status`,`user_id`);--> statement-breakpoint
CREATE TABLE `google_event_links` (
	`event_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`calendar_id` text NOT NULL,
	`google_event_id` text NOT NULL,
	`google_updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`calendar_id`) REFERENCES `google_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `google_event_links_user_google_idx` ON `google_event_links` (`user_id`,`calendar_id`,`google_event_id`);--> statement-breakpoint
CREATE TABLE `google_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`action` text NOT NULL,
	`calendar_id` text,
	`google_event_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`changed_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `google_outbox_user_event_idx` ON `google_outbox` (`user_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `google_outbox_due_idx` ON `google_outbox` (`user_id`,`next_attempt_at`);