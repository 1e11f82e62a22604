-- Issue 14 launches finances: the roadmap and the feature announcements say it is available.
UPDATE feature_flags SET release_status = 'launched', updated_at = (unixepoch('subsec') * 1000) WHERE feature_name = 'financas';
