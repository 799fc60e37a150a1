-- Limiter rows carry their own expiry (so a scheduled job can purge them) and an optional block that
-- grows with each further failure (progressive delay instead of a fixed lockout).
ALTER TABLE rate_limit ADD COLUMN expira_em timestamptz;
ALTER TABLE rate_limit ADD COLUMN bloqueado_ate timestamptz;
UPDATE rate_limit SET expira_em = janela_inicio + interval '1 day';
ALTER TABLE rate_limit ALTER COLUMN expira_em SET NOT NULL;
CREATE INDEX rate_limit_expira_em ON rate_limit (expira_em);
