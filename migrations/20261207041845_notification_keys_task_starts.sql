CREATE TABLE `notification_keys` (
	`user_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`sent_at` integer NOT NULL,
	`forget_at` integer,
	PRIMARY KEY(`user_id`, `dedupe_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_keys_forget_idx` ON `notification_keys` (`forget_at`) WHERE "notification_keys"."forget_at" is not null;--> statement-breakpoint
CREATE INDEX `tasks_scheduled_start_idx` ON `tasks` (`scheduled_start`,`user_id`,`status`) WHERE "tasks"."scheduled_start" is not null;--> statement-breakpoint
-- The keys already sent are those of the notifications still there (decision 0103); kept for the account's life.
INSERT OR IGNORE INTO `notification_keys` (`user_id`, `dedupe_key`, `sent_at`, `forget_at`) SELECT `user_id`, `dedupe_key`, `created_at`, NULL FROM `notifications` WHERE `dedupe_key` IS NOT NULL;
