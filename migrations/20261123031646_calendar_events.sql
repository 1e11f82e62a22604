CREATE TABLE `event_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`occurrence_start` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_reminders_event_occurrence_idx` ON `event_reminders` (`event_id`,`occurrence_start`);--> statement-breakpoint
CREATE INDEX `event_reminders_user_idx` ON `event_reminders` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`series_id` text,
	`recurrence_id` text,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`all_day` integer DEFAULT false NOT NULL,
	`time_zone` text NOT NULL,
	`rrule` text,
	`exdates` text DEFAULT '[]' NOT NULL,
	`reminder_minutes` integer,
	`busy` integer DEFAULT true NOT NULL,
	`uid` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`next_reminder_at` integer,
	`next_reminder_occurrence` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`series_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_range_idx` ON `events` (`user_id`,`ends_at`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_user_series_idx` ON `events` (`user_id`,`series_id`);--> statement-breakpoint
CREATE INDEX `events_user_uid_idx` ON `events` (`user_id`,`uid`);--> statement-breakpoint
CREATE INDEX `events_next_reminder_idx` ON `events` (`next_reminder_at`);