-- Goals have landed (issue 12): the roadmap shows them as available, and the feature-announcement
-- job tells users about them once (updated_at is the launch time it looks at).
UPDATE feature_flags SET release_status = 'launched', updated_at = (unixepoch('subsec') * 1000) WHERE feature_name = 'objetivos';
