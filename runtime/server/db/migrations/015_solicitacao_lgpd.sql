-- LGPD requests of a company (README "LGPD"): every search for a data subject and every anonymisation,
-- with who asked, the term searched and the outcome (what was found, changed and kept, and why).
-- Tenant table: RLS on app.empresa_id like the business tables (and so part of the company's export).

CREATE TABLE solicitacao_lgpd (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  usuario_id   bigint REFERENCES usuario ON DELETE SET NULL,
  tipo         text NOT NULL CHECK (tipo IN ('consulta', 'anonimizacao')),
  termo        text NOT NULL CHECK (length(termo) BETWEEN 1 AND 200),
  encontrados  integer NOT NULL DEFAULT 0,
  anonimizados integer NOT NULL DEFAULT 0,
  mantidos     integer NOT NULL DEFAULT 0,
  resultado    jsonb NOT NULL DEFAULT '{}',
  criado_em    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitacao_lgpd_empresa ON solicitacao_lgpd (empresa_id, criado_em DESC);

ALTER TABLE solicitacao_lgpd ENABLE ROW LEVEL SECURITY;
ALTER TABLE solicitacao_lgpd FORCE ROW LEVEL SECURITY;
CREATE POLICY solicitacao_lgpd_tenant ON solicitacao_lgpd
  USING (empresa_id = nullif(current_setting('app.empresa_id', true), '')::bigint);
