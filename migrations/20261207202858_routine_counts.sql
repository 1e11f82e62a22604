CREATE TABLE `routine_day_counts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`routine_id` text NOT NULL,
	`date` text NOT NULL,
	`count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`routine_id`) REFERENCES `routines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `routine_day_counts_routine_date_idx` ON `routine_day_counts` (`routine_id`,`date`);--> statement-breakpoint
CREATE INDEX `routine_day_counts_user_routine_date_idx` ON `routine_day_counts` (`user_id`,`routine_id`,`date`);--> statement-breakpoint
ALTER TABLE `routines` ADD `times_per_day` integer DEFAULT 1 NOT NULL;