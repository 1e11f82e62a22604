-- Every dedupe key is forgotten in its time (decision 0103, revised). The keys copied from the
-- notifications by 20261207041845, and those of the welcome, failed invoices and completed goals,
-- had none. The welcome is raised in an account's first 30 days only: forgotten a day after them.
UPDATE `notification_keys` SET `forget_at` = (SELECT `created_at` FROM `users` WHERE `users`.`id` = `notification_keys`.`user_id`) + 31 * 86400000 WHERE `forget_at` IS NULL AND `dedupe_key` = 'welcome';
--> statement-breakpoint
-- Every other key: 90 days after it was sent, past the longest window any job gives its keys (a
-- failed invoice's, Stripe's retries; the others a few weeks at most).
UPDATE `notification_keys` SET `forget_at` = `sent_at` + 90 * 86400000 WHERE `forget_at` IS NULL;
