-- OFX reconciliation (issue 16, flows.md §2 "OFX"): movimento_financeiro.extrato_linha_id points at the bank
-- statement line a movement was reconciled with (one line, several movements; the only column of the
-- append-only ledger that may change).
--
-- extrato_linha is an entity table (schemas/entities/extratoLinha); it is created here, before the schema sync,
-- so that the ledger's foreign key can exist from the start on a new database. The sync then adds its columns,
-- the UNIQUE (empresa_id, filial_id, conta_id, chave_dedupe) dedupe key, indexes and the tenant policy.

CREATE TABLE IF NOT EXISTS extrato_linha (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id    bigint NOT NULL REFERENCES filial (id),
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);

DO $$
BEGIN
  IF to_regclass('movimento_financeiro') IS NULL THEN
    RETURN;
  END IF;
  -- A line removed with its company unlinks its movements (the trigger lets extrato_linha_id change).
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'fk_movimento_financeiro_extrato_linha') THEN
    ALTER TABLE movimento_financeiro
      ADD CONSTRAINT fk_movimento_financeiro_extrato_linha
      FOREIGN KEY (extrato_linha_id) REFERENCES extrato_linha (id) ON DELETE SET NULL;
  END IF;
  CREATE INDEX IF NOT EXISTS movimento_financeiro_extrato_linha
    ON movimento_financeiro (extrato_linha_id) WHERE extrato_linha_id IS NOT NULL;
END $$;
