-- Alerts of the header bell (spec 000 §4, spec 001 §7.5) and exported reports (spec 000 §2.4, §4, §7).
-- One alert row per recipient: a white-label-wide ("geral") alert is copied to every active user, so
-- reading, deleting and RLS work the same for both kinds. Both tables carry the recipient's empresa_id,
-- enforced by a composite foreign key to usuario (id, empresa_id): a row can never sit in another
-- company than its user's.

CREATE UNIQUE INDEX IF NOT EXISTS usuario_id_empresa ON usuario (id, empresa_id);

CREATE TABLE alerta (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label,
  empresa_id             bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  usuario_id             bigint NOT NULL,
  tipo                   text NOT NULL DEFAULT 'info' CHECK (tipo IN ('info', 'success', 'warning')),
  texto                  text NOT NULL CHECK (length(texto) BETWEEN 1 AND 2000),
  link                   text CHECK (length(link) <= 2000),
  permite_excluir        boolean NOT NULL DEFAULT true,
  geral                  boolean NOT NULL DEFAULT false,   -- created by POST /api/Alertas/geral
  data                   timestamptz NOT NULL DEFAULT now(),
  lido_em                timestamptz,
  criado_por             bigint,
  FOREIGN KEY (usuario_id, empresa_id) REFERENCES usuario (id, empresa_id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX alerta_usuario_data ON alerta (usuario_id, data DESC);
CREATE INDEX alerta_empresa ON alerta (empresa_id);

CREATE TABLE relatorio (
  id             bigserial PRIMARY KEY,
  empresa_id     bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  usuario_id     bigint NOT NULL,
  descricao      text NOT NULL CHECK (length(descricao) BETWEEN 1 AND 200),
  tipo           text NOT NULL CHECK (tipo IN ('pdf', 'xlsx')),
  evento         text,                        -- websocket event prefix: '<evento>-<tipo>' when finished
  status         smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),  -- 0 PROCESSANDO, 1 FINALIZADO, 2 ERRO
  arquivo        bytea,                       -- the generated file (kept in PostgreSQL: no second data store)
  url            text,                        -- external address of the file, when stored elsewhere
  erro           text,
  data_inclusao  timestamptz NOT NULL DEFAULT now(),
  finalizado_em  timestamptz,
  FOREIGN KEY (usuario_id, empresa_id) REFERENCES usuario (id, empresa_id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX relatorio_usuario_data ON relatorio (usuario_id, data_inclusao DESC);
CREATE INDEX relatorio_empresa_data ON relatorio (empresa_id, data_inclusao);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['alerta', 'relatorio'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (empresa_id = nullif(current_setting(''app.empresa_id'', true), '''')::bigint)',
      t || '_tenant', t);
  END LOOP;
END $$;
