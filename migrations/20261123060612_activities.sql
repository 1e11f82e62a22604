CREATE TABLE `user_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`activity_title` text DEFAULT '' NOT NULL,
	`activity_description` text DEFAULT '' NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`route` text,
	`module` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_activities_user_created_idx` ON `user_activities` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_activities_created_idx` ON `user_activities` (`created_at`);