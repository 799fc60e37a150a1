-- Frente de caixa (issue 17, flows.md §4): the cash session (caixa) gets a situacao, one open session per PDV
-- held by a partial unique index (two concurrent aberturas: one wins, the other gets a 409 from the service); the
-- cash-session ledger movimento_caixa (append-only, UNIQUE origem (tipo, id, linha), signed valor whose sign the
-- CHECK ties to the tipo, motivo required for sangria and suprimento) and the fechamento per payment method
-- (caixa_fechamento: contado, esperado and diferenca = contado − esperado, once per session and method, never
-- changed).
--
-- caixa, movimento_caixa and caixa_fechamento are entity tables (schemas/entities): the parts with special rules
-- are created here, before the schema sync (a new database has none of them yet); the sync then adds the
-- remaining columns, foreign keys, indexes and the tenant policy as for any entity. Column types are the ones
-- the sync derives from the fields (enum of string codes → text, money → numeric(15,2), relation → bigint).

CREATE TABLE IF NOT EXISTS caixa (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);
ALTER TABLE caixa
  ADD COLUMN IF NOT EXISTS pdv_id bigint,
  ADD COLUMN IF NOT EXISTS situacao text,
  ADD COLUMN IF NOT EXISTS fechamento timestamp with time zone;
ALTER TABLE caixa DROP CONSTRAINT IF EXISTS caixa_situacao_valida;
ALTER TABLE caixa ADD CONSTRAINT caixa_situacao_valida
  CHECK (situacao IS NULL OR situacao = 'aberto' OR (situacao = 'fechado' AND fechamento IS NOT NULL));
-- One open session per terminal (flows.md §4), whatever the transaction that tries a second one.
CREATE UNIQUE INDEX IF NOT EXISTS caixa_um_aberto_por_pdv ON caixa (pdv_id) WHERE situacao = 'aberto';

CREATE TABLE IF NOT EXISTS movimento_caixa (
  id                 bigserial PRIMARY KEY,
  empresa_id         bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id          bigint NOT NULL REFERENCES filial (id),
  versao             integer NOT NULL DEFAULT 1,
  criado_em          timestamptz NOT NULL DEFAULT now(),
  alterado_em        timestamptz NOT NULL DEFAULT now(),
  criado_por         bigint,
  alterado_por       bigint,
  caixa_id           bigint NOT NULL,
  data               timestamp with time zone NOT NULL,
  tipo               text NOT NULL
                     CHECK (tipo IN ('venda', 'sangria', 'suprimento', 'troco', 'devolucao', 'recebimento')),
  forma_pagamento_id bigint NOT NULL,
  valor              numeric(15,2) NOT NULL,
  motivo             character varying(200),
  nota_fiscal_id     bigint,
  origem_tipo        character varying(20) NOT NULL CHECK (origem_tipo IN ('notaFiscal', 'caixa')),
  origem_id          integer NOT NULL,
  origem_linha       integer NOT NULL,
  -- + into the drawer, − out of it: the expected amount of a method is Σ valor (plus the abertura in cash).
  CONSTRAINT movimento_caixa_sinal CHECK (
    (tipo IN ('venda', 'suprimento', 'recebimento') AND valor > 0)
    OR (tipo IN ('sangria', 'troco', 'devolucao') AND valor < 0)),
  CONSTRAINT movimento_caixa_motivo CHECK (
    tipo NOT IN ('sangria', 'suprimento') OR length(btrim(coalesce(motivo, ''))) > 0)
);
CREATE UNIQUE INDEX IF NOT EXISTS movimento_caixa_origem
  ON movimento_caixa (origem_tipo, origem_id, origem_linha);
DROP TRIGGER IF EXISTS movimento_caixa_somente_inclusao ON movimento_caixa;
CREATE TRIGGER movimento_caixa_somente_inclusao BEFORE UPDATE OR DELETE ON movimento_caixa
  FOR EACH ROW EXECUTE FUNCTION razao_somente_inclusao();
DROP TRIGGER IF EXISTS movimento_caixa_sem_truncate ON movimento_caixa;
CREATE TRIGGER movimento_caixa_sem_truncate BEFORE TRUNCATE ON movimento_caixa
  FOR EACH STATEMENT EXECUTE FUNCTION razao_somente_inclusao();

CREATE TABLE IF NOT EXISTS caixa_fechamento (
  id                 bigserial PRIMARY KEY,
  empresa_id         bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id          bigint NOT NULL REFERENCES filial (id),
  versao             integer NOT NULL DEFAULT 1,
  criado_em          timestamptz NOT NULL DEFAULT now(),
  alterado_em        timestamptz NOT NULL DEFAULT now(),
  criado_por         bigint,
  alterado_por       bigint,
  caixa_id           bigint NOT NULL,
  forma_pagamento_id bigint NOT NULL,
  esperado           numeric(15,2) NOT NULL,
  contado            numeric(15,2) NOT NULL,
  diferenca          numeric(15,2) NOT NULL,
  CONSTRAINT caixa_fechamento_diferenca CHECK (diferenca = contado - esperado)
);
CREATE UNIQUE INDEX IF NOT EXISTS caixa_fechamento_forma ON caixa_fechamento (caixa_id, forma_pagamento_id);
DROP TRIGGER IF EXISTS caixa_fechamento_somente_inclusao ON caixa_fechamento;
CREATE TRIGGER caixa_fechamento_somente_inclusao BEFORE UPDATE OR DELETE ON caixa_fechamento
  FOR EACH ROW EXECUTE FUNCTION razao_somente_inclusao();
