ALTER TABLE `routines` ADD `reminder_time` text;--> statement-breakpoint
ALTER TABLE `routines` ADD `next_reminder_at` integer;--> statement-breakpoint
CREATE INDEX `routines_next_reminder_idx` ON `routines` (`next_reminder_at`,`user_id`) WHERE "routines"."next_reminder_at" is not null;