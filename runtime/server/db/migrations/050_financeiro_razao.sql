-- Finance that balances (issue 16, flows.md §2 F1–F8): the money ledger movimento_financeiro (one signed row per
-- cash/bank movement: a baixa, each leg of a transfer, an avulso movement, and the reversing row of each estorno),
-- the balance of each conta derived from it, and titles whose valor_pago / valor_aberto / situacao come from
-- their baixas, never typed.
--
-- movimento_financeiro, conta and lancamento are entity tables (schemas/entities); the parts with special rules
-- are created here, before the schema sync (a new database has none of the three yet): the ledger's NOT NULL
-- origem, its UNIQUE (origem_tipo, origem_id, origem_linha) key and the append-only trigger (only
-- extrato_linha_id, set by the OFX reconciliation, may change), and the generated columns conta.saldo_atual
-- (saldo_inicial + movimentado) and lancamento.valor_aberto (valor − valor_pago, 0 when cancelled). The sync
-- then adds the remaining columns, foreign keys, indexes and the tenant policy as for any entity.
--
-- Reversal scheme: a reversing row has the same origem_tipo and origem_id and the negated origem_linha
-- (baixa 1 → −1; transfer legs 1, 2 → −1, −2; avulso 1 → −1) and estorno_de = the reversed row's id.

CREATE TABLE IF NOT EXISTS movimento_financeiro (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint,
  conta_id                bigint NOT NULL,
  data                    date NOT NULL,
  valor                   numeric(15,2) NOT NULL,
  descricao               character varying(200),
  categoria_financeira_id bigint,
  pessoa_id               bigint,
  lancamento_id           bigint,
  baixa_id                bigint,
  origem_tipo             character varying(20) NOT NULL
                          CHECK (origem_tipo IN ('baixa', 'transferencia', 'avulso')),
  origem_id               integer NOT NULL,
  origem_linha            integer NOT NULL CHECK (origem_linha <> 0),
  estorno_de              bigint,
  extrato_linha_id        bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS movimento_financeiro_origem
  ON movimento_financeiro (origem_tipo, origem_id, origem_linha);
-- A movement is reversed at most once.
CREATE UNIQUE INDEX IF NOT EXISTS movimento_financeiro_estorno
  ON movimento_financeiro (estorno_de) WHERE estorno_de IS NOT NULL;
-- The extrato (F3: running balance by (data, id)) and the balance at a date read an account's rows by date.
CREATE INDEX IF NOT EXISTS movimento_financeiro_conta_data
  ON movimento_financeiro (empresa_id, conta_id, data, id);

-- Append-only, except extrato_linha_id (the OFX reconciliation links and unlinks a statement line) with the
-- audit columns that come with any update. A DELETE cascading from the empresa is let through.
CREATE OR REPLACE FUNCTION movimento_financeiro_somente_inclusao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  livres text[] := ARRAY['extrato_linha_id', 'versao', 'alterado_em', 'alterado_por'];
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - livres) = (to_jsonb(OLD) - livres) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'O razão movimento_financeiro só aceita inclusões (e a conciliação com o extrato): estorne o movimento.'
    USING ERRCODE = 'insufficient_privilege';
END $$;
DROP TRIGGER IF EXISTS movimento_financeiro_somente_inclusao ON movimento_financeiro;
CREATE TRIGGER movimento_financeiro_somente_inclusao BEFORE UPDATE OR DELETE ON movimento_financeiro
  FOR EACH ROW EXECUTE FUNCTION movimento_financeiro_somente_inclusao();
DROP TRIGGER IF EXISTS movimento_financeiro_sem_truncate ON movimento_financeiro;
CREATE TRIGGER movimento_financeiro_sem_truncate BEFORE TRUNCATE ON movimento_financeiro
  FOR EACH STATEMENT EXECUTE FUNCTION razao_somente_inclusao();

-- conta: saldo_atual = saldo_inicial + movimentado (Σ valor of its movements, kept under SELECT … FOR UPDATE).
CREATE TABLE IF NOT EXISTS conta (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);
ALTER TABLE conta
  ADD COLUMN IF NOT EXISTS saldo_inicial numeric(15,2),
  ADD COLUMN IF NOT EXISTS movimentado numeric(15,2) NOT NULL DEFAULT 0;
ALTER TABLE conta
  ADD COLUMN IF NOT EXISTS saldo_atual numeric(15,2)
    GENERATED ALWAYS AS (coalesce(saldo_inicial, 0) + movimentado) STORED;

-- lancamento: valor_pago = Σ principal of its active baixas (a transfer: its valor once carried out), kept by
-- the services; valor_aberto derived.
CREATE TABLE IF NOT EXISTS lancamento (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);
ALTER TABLE lancamento
  ADD COLUMN IF NOT EXISTS valor numeric(15,2),
  ADD COLUMN IF NOT EXISTS situacao integer,
  ADD COLUMN IF NOT EXISTS valor_pago numeric(15,2) NOT NULL DEFAULT 0;
ALTER TABLE lancamento ALTER COLUMN situacao SET DEFAULT 0;
ALTER TABLE lancamento
  ADD COLUMN IF NOT EXISTS valor_aberto numeric(15,2)
    GENERATED ALWAYS AS (CASE WHEN situacao = 3 THEN 0 ELSE coalesce(valor, 0) - valor_pago END) STORED;

-- An older database: its baixas become postings (principal backed out of the total, one movement each on the
-- baixa's account — none for a baixa dated before the account's saldo inicial, which already holds it), its
-- transfers not cancelled become carried out (two mirrored movements), and the titles and balances follow.
DO $$
BEGIN
  IF to_regclass('baixa') IS NULL THEN
    RETURN;
  END IF;
  ALTER TABLE baixa
    ADD COLUMN IF NOT EXISTS principal numeric(15,2),
    ADD COLUMN IF NOT EXISTS estornada boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS data_estorno date,
    ADD COLUMN IF NOT EXISTS movimento_financeiro_id bigint;
  UPDATE baixa SET principal = valor_pago - coalesce(juros, 0) - coalesce(multa, 0) + coalesce(desconto, 0)
   WHERE principal IS NULL;

  INSERT INTO movimento_financeiro (empresa_id, filial_id, criado_por, alterado_por, conta_id, data, valor, descricao,
                                    categoria_financeira_id, pessoa_id, lancamento_id, baixa_id, origem_tipo,
                                    origem_id, origem_linha)
  SELECT b.empresa_id, b.filial_id, b.criado_por, b.criado_por, coalesce(b.conta_id, l.conta_id), b.data_pagamento,
         CASE WHEN l.tipo = 1 THEN b.valor_pago ELSE -b.valor_pago END, l.descricao, l.categoria_financeira_id,
         l.pessoa_id, l.id, b.id, 'baixa', b.id, 1
    FROM baixa b
    JOIN lancamento l ON l.id = b.lancamento_id
    JOIN conta c ON c.id = coalesce(b.conta_id, l.conta_id)
   WHERE l.tipo IN (1, 2) AND b.data_pagamento IS NOT NULL
     AND b.data_pagamento >= coalesce(c.data_saldo_inicial, b.data_pagamento)
  ON CONFLICT DO NOTHING;
  UPDATE baixa b SET movimento_financeiro_id = m.id
    FROM movimento_financeiro m
   WHERE m.origem_tipo = 'baixa' AND m.origem_id = b.id AND m.origem_linha = 1 AND b.movimento_financeiro_id IS NULL;

  INSERT INTO movimento_financeiro (empresa_id, filial_id, criado_por, alterado_por, conta_id, data, valor, descricao,
                                    lancamento_id, origem_tipo, origem_id, origem_linha)
  SELECT l.empresa_id, l.filial_id, l.criado_por, l.criado_por, perna.conta_id,
         coalesce(l.data_vencimento, l.data_emissao), perna.sinal * l.valor, l.descricao, l.id, 'transferencia', l.id,
         perna.linha
    FROM lancamento l
    CROSS JOIN LATERAL (VALUES (1, l.conta_id, -1), (2, l.conta_destino_id, 1)) AS perna (linha, conta_id, sinal)
   WHERE l.tipo = 3 AND l.situacao IS DISTINCT FROM 3 AND l.conta_destino_id IS NOT NULL
     AND l.conta_destino_id <> l.conta_id AND coalesce(l.data_vencimento, l.data_emissao) IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM conta c WHERE c.id IN (l.conta_id, l.conta_destino_id)
                       AND c.data_saldo_inicial > coalesce(l.data_vencimento, l.data_emissao))
  ON CONFLICT DO NOTHING;

  UPDATE lancamento l SET valor_pago = coalesce(
           (SELECT sum(b.principal) FROM baixa b WHERE b.lancamento_id = l.id AND NOT b.estornada), 0)
   WHERE l.tipo IN (1, 2);
  UPDATE lancamento l SET valor_pago = CASE WHEN EXISTS (
           SELECT 1 FROM movimento_financeiro m WHERE m.origem_tipo = 'transferencia' AND m.origem_id = l.id)
         THEN l.valor ELSE 0 END
   WHERE l.tipo = 3;
  UPDATE lancamento l SET situacao = CASE
           WHEN l.valor_pago >= l.valor THEN 1 WHEN l.valor_pago > 0 THEN 2 ELSE 0 END
   WHERE l.situacao IS DISTINCT FROM 3;
  UPDATE conta c SET movimentado = coalesce(
           (SELECT sum(m.valor) FROM movimento_financeiro m WHERE m.conta_id = c.id), 0);
END $$;

-- A new database: baixa's estornada defaults to false (the posting writes it; old rows were backfilled above).
DO $$
BEGIN
  IF to_regclass('baixa') IS NULL THEN
    CREATE TABLE baixa (
      id           bigserial PRIMARY KEY,
      empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
      filial_id    bigint NOT NULL REFERENCES filial (id),
      versao       integer NOT NULL DEFAULT 1,
      criado_em    timestamptz NOT NULL DEFAULT now(),
      alterado_em  timestamptz NOT NULL DEFAULT now(),
      criado_por   bigint,
      alterado_por bigint,
      estornada    boolean NOT NULL DEFAULT false
    );
  END IF;
END $$;
