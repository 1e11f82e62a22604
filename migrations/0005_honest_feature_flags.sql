-- The roadmap on the landing reads these flags: a module is "launched" only once its screens work.
-- Today that is the Premium plans (billing); every module flag waits in development until the
-- issue that builds it launches it (a migration setting release_status = 'launched', updated_at =
-- its launch time, which also makes the feature-announcement job tell users about it).
UPDATE feature_flags SET release_status = 'development'
  WHERE feature_name IN ('objetivos', 'calendario', 'financas', 'bem_estar', 'diario_emocional', 'autocuidado', 'ciclo_menstrual', 'relatorios_semanais');
