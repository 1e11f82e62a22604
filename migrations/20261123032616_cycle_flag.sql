-- Cycle tracking launches with its screen (issue 15): the roadmap shows it available and the
-- feature-announcement job tells users once (updated_at = when this runs, the launch time).
UPDATE feature_flags SET release_status = 'launched', updated_at = (unixepoch('subsec') * 1000)
  WHERE feature_name = 'ciclo_menstrual';
