-- Operator studio (issue 18): the third schema layer, per white-label, after schemas/ and
-- tenants/<slug>/overrides/. Platform tables (no empresa_id): reached through the system role only; the
-- routes check that the operator belongs to the white-label (requireWhiteLabelOperator).
--
-- customizacao_versao: each publication is one immutable version holding the whole studio layer of the
-- white-label ({ "schemas/…/produto.form.json": <RFC 7396 patch>, … }); the highest versao is what users
-- see. Restoring version n writes a new version with n's patches (restaurada_de = n): history is never
-- rewritten, and neither restoring nor publishing touches business rows.
CREATE TABLE IF NOT EXISTS customizacao_versao (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label (id) ON DELETE CASCADE,
  versao                 integer NOT NULL CHECK (versao > 0),
  patches                jsonb NOT NULL,
  resumo                 text,
  restaurada_de          integer,
  autor_id               bigint,
  autor_nome             text,
  criado_em              timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_white_label_id, versao)
);

-- customizacao_rascunho: the drafts, one patch per schema path, replacing that path's published patch
-- when published. revisao is the optimistic lock: a save names the revisao it started from, and a second
-- operator's save over a newer one is refused (409) instead of overwriting it.
CREATE TABLE IF NOT EXISTS customizacao_rascunho (
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label (id) ON DELETE CASCADE,
  caminho                text NOT NULL,
  patch                  jsonb NOT NULL,
  revisao                integer NOT NULL DEFAULT 1,
  autor_id               bigint,
  autor_nome             text,
  alterado_em            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (config_white_label_id, caminho)
);
