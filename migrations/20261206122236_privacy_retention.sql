ALTER TABLE `known_devices` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `google_calendars` ADD `disconnected_at` integer;--> statement-breakpoint
-- Accounts already disconnected when this ships: their kept sync memory (0092) counts its 30 days from now.
UPDATE `google_calendars` SET `disconnected_at` = unixepoch() * 1000 WHERE `user_id` NOT IN (SELECT `user_id` FROM `google_calendar_connections`);
