-- A company's data export (README "Exportar os dados de uma empresa"): one row per export, the ZIP kept in
-- PostgreSQL in 1 MB parts (no second data store; streamed in and out, never whole in memory).
-- Row Level Security with no policy for the tenant role: only the system role reads them, after the
-- routes checked runtime/core/authorization/canExportEmpresa.ts. Having no app.empresa_id policy also
-- keeps these tables out of the exports themselves.

CREATE TABLE exportacao_empresa (
  id              bigserial PRIMARY KEY,
  empresa_id      bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  usuario_id      bigint REFERENCES usuario ON DELETE SET NULL,   -- who asked (platform staff: another company)
  status          smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),  -- 0 PROCESSANDO, 1 FINALIZADO, 2 ERRO
  progresso       smallint NOT NULL DEFAULT 0 CHECK (progresso BETWEEN 0 AND 100),
  etapa           text,
  bytes           bigint,
  linhas          bigint,
  sha256          text,
  erro            text,
  criado_em       timestamptz NOT NULL DEFAULT now(),
  finalizado_em   timestamptz
);
CREATE INDEX exportacao_empresa_empresa ON exportacao_empresa (empresa_id, criado_em DESC);

CREATE TABLE exportacao_empresa_parte (
  exportacao_id  bigint NOT NULL REFERENCES exportacao_empresa ON DELETE CASCADE,
  numero         integer NOT NULL,
  dados          bytea NOT NULL,
  PRIMARY KEY (exportacao_id, numero)
);

ALTER TABLE exportacao_empresa ENABLE ROW LEVEL SECURITY;
ALTER TABLE exportacao_empresa FORCE ROW LEVEL SECURITY;
ALTER TABLE exportacao_empresa_parte ENABLE ROW LEVEL SECURITY;
ALTER TABLE exportacao_empresa_parte FORCE ROW LEVEL SECURITY;
