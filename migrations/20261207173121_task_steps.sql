CREATE TABLE `task_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`task_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`done_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_steps_user_task_position_idx` ON `task_steps` (`user_id`,`task_id`,`position`);--> statement-breakpoint
CREATE INDEX `task_steps_task_idx` ON `task_steps` (`task_id`);