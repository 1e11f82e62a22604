CREATE TABLE `recurring_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`frequency` text NOT NULL,
	`start_date` text NOT NULL,
	`next_date` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recurring_transactions_user_next_idx` ON `recurring_transactions` (`user_id`,`next_date`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_transactions_next_user_idx` ON `recurring_transactions` (`next_date`,`user_id`);