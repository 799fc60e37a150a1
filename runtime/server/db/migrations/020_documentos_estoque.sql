-- The ERP engine (DESIGN "Documents: lifecycle, postings and ledgers"): the stock ledger, stock balances,
-- document history, idempotent actions and gap-free document numbers.
--
-- movimentacao_estoque and saldo_estoque are entity tables (schemas/entities), created here before the
-- schema sync so that their ledger rules (NOT NULL origem, the UNIQUE origem key, the append-only trigger,
-- the NULLS NOT DISTINCT balance key) exist from the start; the sync then adds foreign keys, indexes and the
-- tenant policy as for any entity. An older database keeps its movimentacao_estoque rows: each becomes a
-- ledger row of origem 'legado' with its running balance recomputed by the moving-average rules.

CREATE TABLE IF NOT EXISTS movimentacao_estoque (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);
ALTER TABLE movimentacao_estoque
  ADD COLUMN IF NOT EXISTS produto_id bigint,
  ADD COLUMN IF NOT EXISTS deposito_id bigint,
  ADD COLUMN IF NOT EXISTS lote_id bigint,
  ADD COLUMN IF NOT EXISTS tipo integer,
  ADD COLUMN IF NOT EXISTS quantidade numeric(18,4),
  ADD COLUMN IF NOT EXISTS custo_unitario numeric(15,2),
  ADD COLUMN IF NOT EXISTS data timestamptz,
  ADD COLUMN IF NOT EXISTS motivo character varying(120),
  ADD COLUMN IF NOT EXISTS qtd numeric(18,4),
  ADD COLUMN IF NOT EXISTS qtd_apos numeric(18,4),
  ADD COLUMN IF NOT EXISTS custo_medio_apos numeric(18,6),
  ADD COLUMN IF NOT EXISTS valor_apos numeric(15,2),
  ADD COLUMN IF NOT EXISTS dif_valor numeric(15,2),
  ADD COLUMN IF NOT EXISTS origem_tipo character varying(40),
  ADD COLUMN IF NOT EXISTS origem_id integer,
  ADD COLUMN IF NOT EXISTS origem_linha integer,
  ADD COLUMN IF NOT EXISTS estorno_de integer,
  ADD COLUMN IF NOT EXISTS balanco boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS saldo_estoque (
  id                  bigserial PRIMARY KEY,
  empresa_id          bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id           bigint NOT NULL REFERENCES filial (id),
  versao              integer NOT NULL DEFAULT 1,
  criado_em           timestamptz NOT NULL DEFAULT now(),
  alterado_em         timestamptz NOT NULL DEFAULT now(),
  criado_por          bigint,
  alterado_por        bigint,
  produto_id          bigint NOT NULL,
  deposito_id         bigint NOT NULL,
  lote_id             bigint,
  fisico              numeric(18,4) NOT NULL DEFAULT 0,
  reservado           numeric(18,4) NOT NULL DEFAULT 0,
  disponivel          numeric(18,4) GENERATED ALWAYS AS (fisico - reservado) STORED,
  a_receber           numeric(18,4) NOT NULL DEFAULT 0,
  custo_medio         numeric(18,6) NOT NULL DEFAULT 0,
  valor               numeric(15,2) NOT NULL DEFAULT 0,
  ultima_movimentacao timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS saldo_estoque_chave
  ON saldo_estoque (empresa_id, produto_id, deposito_id, lote_id) NULLS NOT DISTINCT;

-- Legacy rows (manual acertos typed before the ledger): running balance per key in (data, id) order.
DO $$
DECLARE
  r record;
  k text := NULL;
  q numeric := 0;
  c numeric := 0;
  v numeric := 0;
  mov numeric;
  novo numeric;
BEGIN
  FOR r IN SELECT * FROM movimentacao_estoque WHERE origem_tipo IS NULL
           ORDER BY empresa_id, produto_id, deposito_id, lote_id NULLS FIRST, data, id LOOP
    IF k IS DISTINCT FROM concat_ws('/', r.empresa_id, r.produto_id, r.deposito_id, r.lote_id) THEN
      k := concat_ws('/', r.empresa_id, r.produto_id, r.deposito_id, r.lote_id);
      q := 0; c := 0; v := 0;
    END IF;
    mov := CASE WHEN r.tipo = 0 THEN r.quantidade ELSE -r.quantidade END;
    IF mov > 0 THEN
      IF q <= 0 THEN c := coalesce(r.custo_unitario, 0);
      ELSE c := round((v + mov * coalesce(r.custo_unitario, 0)) / (q + mov), 6);
      END IF;
    END IF;
    q := q + mov;
    novo := round(q * c, 2);
    UPDATE movimentacao_estoque
       SET qtd = mov, qtd_apos = q, custo_medio_apos = c, valor_apos = novo, dif_valor = novo - v,
           origem_tipo = 'legado', origem_id = r.id, origem_linha = 1,
           custo_unitario = CASE WHEN mov > 0 THEN r.custo_unitario ELSE c END
     WHERE id = r.id;
    v := novo;
  END LOOP;
END $$;

INSERT INTO saldo_estoque (empresa_id, filial_id, produto_id, deposito_id, lote_id, fisico, custo_medio, valor,
                           ultima_movimentacao)
SELECT DISTINCT ON (empresa_id, produto_id, deposito_id, lote_id)
       empresa_id, filial_id, produto_id, deposito_id, lote_id, qtd_apos, custo_medio_apos, valor_apos, data
  FROM movimentacao_estoque
 ORDER BY empresa_id, produto_id, deposito_id, lote_id, id DESC
ON CONFLICT DO NOTHING;

ALTER TABLE movimentacao_estoque
  ALTER COLUMN produto_id SET NOT NULL,
  ALTER COLUMN deposito_id SET NOT NULL,
  ALTER COLUMN tipo SET NOT NULL,
  ALTER COLUMN quantidade SET NOT NULL,
  ALTER COLUMN data SET NOT NULL,
  ALTER COLUMN qtd SET NOT NULL,
  ALTER COLUMN qtd_apos SET NOT NULL,
  ALTER COLUMN custo_medio_apos SET NOT NULL,
  ALTER COLUMN valor_apos SET NOT NULL,
  ALTER COLUMN dif_valor SET NOT NULL,
  ALTER COLUMN origem_tipo SET NOT NULL,
  ALTER COLUMN origem_id SET NOT NULL,
  ALTER COLUMN origem_linha SET NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS movimentacao_estoque_origem
  ON movimentacao_estoque (origem_tipo, origem_id, origem_linha);
-- The running balance in posting order and the E6 check read a key's rows by date.
CREATE INDEX IF NOT EXISTS movimentacao_estoque_chave
  ON movimentacao_estoque (empresa_id, produto_id, deposito_id, lote_id, data, id);

-- Ledgers are append-only (flows.md §0): a wrong row is undone by cancelling its document (reversing rows).
-- A DELETE cascading from the empresa (pg_trigger_depth() > 1: fired by the foreign key) is let through.
CREATE OR REPLACE FUNCTION razao_somente_inclusao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'O razão % só aceita inclusões: estorne o documento de origem.', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
DROP TRIGGER IF EXISTS movimentacao_estoque_somente_inclusao ON movimentacao_estoque;
CREATE TRIGGER movimentacao_estoque_somente_inclusao BEFORE UPDATE OR DELETE ON movimentacao_estoque
  FOR EACH ROW EXECUTE FUNCTION razao_somente_inclusao();
DROP TRIGGER IF EXISTS movimentacao_estoque_sem_truncate ON movimentacao_estoque;
CREATE TRIGGER movimentacao_estoque_sem_truncate BEFORE TRUNCATE ON movimentacao_estoque
  FOR EACH STATEMENT EXECUTE FUNCTION razao_somente_inclusao();

-- Who changed a document, when, and what (the "Histórico" tab).
CREATE TABLE documento_historico (
  id            bigserial PRIMARY KEY,
  empresa_id    bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  entidade      character varying(60) NOT NULL,
  registro_id   bigint NOT NULL,
  acao          character varying(40) NOT NULL,
  situacao_de   character varying(20),
  situacao_para character varying(20),
  usuario_id    bigint,
  em            timestamptz NOT NULL DEFAULT clock_timestamp(),
  diferencas    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX documento_historico_registro ON documento_historico (empresa_id, entidade, registro_id, id);
CREATE TRIGGER documento_historico_somente_inclusao BEFORE UPDATE OR DELETE ON documento_historico
  FOR EACH ROW EXECUTE FUNCTION razao_somente_inclusao();

-- Answers of document actions by Idempotency-Key: a repeated key returns the first answer.
CREATE TABLE idempotencia (
  empresa_id  bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  chave       character varying(200) NOT NULL,
  requisicao  text NOT NULL,
  status_code integer NOT NULL DEFAULT 200,
  resposta    text,
  criado_em   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (empresa_id, chave)
);

-- Gap-free counters (document numbering): one row per empresa, entity, filial (0: per empresa) and série,
-- incremented by an upsert that holds the row lock until the creating transaction ends.
CREATE TABLE numeracao_documento (
  empresa_id bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  entidade   character varying(60) NOT NULL,
  filial_id  bigint NOT NULL DEFAULT 0,
  serie      character varying(20) NOT NULL DEFAULT '',
  ultimo     bigint NOT NULL,
  PRIMARY KEY (empresa_id, entidade, filial_id, serie)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['documento_historico', 'idempotencia', 'numeracao_documento'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (empresa_id = nullif(current_setting(''app.empresa_id'', true), '''')::bigint)',
      t || '_tenant', t);
  END LOOP;
END $$;
