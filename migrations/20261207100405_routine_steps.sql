CREATE TABLE `routine_step_ticks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`routine_id` text NOT NULL,
	`step_id` text NOT NULL,
	`date` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`routine_id`) REFERENCES `routines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`step_id`) REFERENCES `routine_steps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `routine_step_ticks_step_date_idx` ON `routine_step_ticks` (`step_id`,`date`);--> statement-breakpoint
CREATE INDEX `routine_step_ticks_routine_date_idx` ON `routine_step_ticks` (`routine_id`,`date`);--> statement-breakpoint
CREATE INDEX `routine_step_ticks_user_idx` ON `routine_step_ticks` (`user_id`);--> statement-breakpoint
CREATE TABLE `routine_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`routine_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`routine_id`) REFERENCES `routines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routine_steps_routine_position_idx` ON `routine_steps` (`routine_id`,`position`);--> statement-breakpoint
CREATE INDEX `routine_steps_user_idx` ON `routine_steps` (`user_id`);