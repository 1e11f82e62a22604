-- The weekly reports screens have landed (issue 17): their flag is launched, stamped with the moment
-- the migration runs, so the roadmap shows them as available and the feature-announcement job tells
-- users about them once.
UPDATE feature_flags SET release_status = 'launched', updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE feature_name = 'relatorios_semanais';
