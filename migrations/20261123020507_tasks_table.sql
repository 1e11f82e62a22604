CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`duration_minutes` integer DEFAULT 30 NOT NULL,
	`due_date` text,
	`status` text DEFAULT 'todo' NOT NULL,
	`scheduled_start` integer,
	`recurrence` text,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_user_scheduled_idx` ON `tasks` (`user_id`,`scheduled_start`);--> statement-breakpoint
CREATE INDEX `tasks_user_status_due_idx` ON `tasks` (`user_id`,`status`,`due_date`);