-- The specification's feature names (section 9). Modules that exist are launched long ago (not
-- announced); the rest wait in development until an operator launches them (updated_at = now).
INSERT OR IGNORE INTO feature_flags (id, feature_name, description, release_status, updated_at) VALUES
  ('ff_objetivos', 'objetivos', 'Objetivos', 'launched', 1767225600000),
  ('ff_calendario', 'calendario', 'Calendário inteligente', 'launched', 1767225600000),
  ('ff_financas', 'financas', 'Finanças', 'launched', 1767225600000),
  ('ff_bem_estar', 'bem_estar', 'Bem-estar', 'launched', 1767225600000),
  ('ff_diario_emocional', 'diario_emocional', 'Diário emocional', 'launched', 1767225600000),
  ('ff_autocuidado', 'autocuidado', 'Autocuidado', 'launched', 1767225600000),
  ('ff_ciclo_menstrual', 'ciclo_menstrual', 'Ciclo menstrual', 'launched', 1767225600000),
  ('ff_criatividade', 'criatividade', 'Criatividade', 'development', 1767225600000),
  ('ff_relatorios_semanais', 'relatorios_semanais', 'Relatórios semanais', 'launched', 1767225600000),
  ('ff_agentes', 'agentes', 'Agentes', 'development', 1767225600000),
  ('ff_premium', 'premium', 'Premium', 'launched', 1767225600000);
