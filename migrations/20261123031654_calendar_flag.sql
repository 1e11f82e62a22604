-- The calendar's screens work (issue 12): its roadmap flag is launched, which also makes the
-- feature-announcement job tell users about it (migrations/0005_honest_feature_flags.sql).
UPDATE feature_flags SET release_status = 'launched', updated_at = (unixepoch('subsec') * 1000) WHERE feature_name = 'calendario';
