-- Versions of the POS program (PDV) each white-label publishes (Administrador › Versões do PDV, spec 001
-- §2.5). White-label level data like plano: no empresa_id, read and written only through erp_system
-- (routes/PdvVersoes scope every query by config_white_label_id); RLS without a policy keeps erp_app out.

CREATE TABLE pdv_versao (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label ON DELETE CASCADE,
  versao                 text NOT NULL CHECK (versao ~ '^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$'),
  data                   date NOT NULL,
  url                    text NOT NULL CHECK (url ~ '^https://' AND length(url) <= 2000),
  obrigatoria            boolean NOT NULL DEFAULT false,   -- the POS must update before it goes on
  notas                  text NOT NULL DEFAULT '' CHECK (length(notas) <= 4000),
  criado_em              timestamptz NOT NULL DEFAULT now(),
  alterado_em            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_white_label_id, versao)
);
CREATE INDEX pdv_versao_config_data ON pdv_versao (config_white_label_id, data DESC, id DESC);

ALTER TABLE pdv_versao ENABLE ROW LEVEL SECURITY;
ALTER TABLE pdv_versao FORCE ROW LEVEL SECURITY;
