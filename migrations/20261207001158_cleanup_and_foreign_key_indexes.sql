CREATE INDEX `auth_tokens_expires_idx` ON `auth_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `known_devices_seen_idx` ON `known_devices` (coalesce("last_seen_at", "created_at"));--> statement-breakpoint
CREATE INDEX `assistant_drafts_message_idx` ON `assistant_drafts` (`message_id`);--> statement-breakpoint
CREATE INDEX `events_series_idx` ON `events` (`series_id`) WHERE "events"."series_id" is not null;--> statement-breakpoint
CREATE INDEX `google_calendars_disconnected_idx` ON `google_calendars` (`disconnected_at`) WHERE "google_calendars"."disconnected_at" is not null;--> statement-breakpoint
CREATE INDEX `google_event_links_calendar_idx` ON `google_event_links` (`calendar_id`);--> statement-breakpoint
CREATE INDEX `google_outbox_changed_idx` ON `google_outbox` (`changed_at`);--> statement-breakpoint
CREATE INDEX `goal_milestones_goal_idx` ON `goal_milestones` (`goal_id`);