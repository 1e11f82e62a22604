PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_events` (
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
INSERT INTO `__new_events`("id", "user_id", "series_id", "recurrence_id", "title", "description", "location", "start", "end", "all_day", "time_zone", "rrule", "exdates", "reminder_minutes", "busy", "uid", "starts_at", "ends_at", "next_reminder_at", "next_reminder_occurrence", "created_at", "updated_at") SELECT "id", "user_id", "series_id", "recurrence_id", "title", "description", "location", "start", "end", "all_day", "time_zone", "rrule", "exdates", "reminder_minutes", "busy", "uid", "starts_at", "ends_at", "next_reminder_at", "next_reminder_occurrence", "created_at", "updated_at" FROM `events`;--> statement-breakpoint
DROP TABLE `events`;--> statement-breakpoint
ALTER TABLE `__new_events` RENAME TO `events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `events_user_range_idx` ON `events` (`user_id`,`ends_at`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_user_series_idx` ON `events` (`user_id`,`series_id`);--> statement-breakpoint
CREATE INDEX `events_user_uid_idx` ON `events` (`user_id`,`uid`);--> statement-breakpoint
CREATE INDEX `events_next_reminder_idx` ON `events` (`next_reminder_at`);