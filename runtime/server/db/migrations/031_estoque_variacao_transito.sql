-- Stock per variação (grade SKU, entity produtoVariacao) and goods in transit between filiais
-- (entity transferenciaFilial): both become part of the balance key. Added before the schema sync, as
-- 020 did for the ledger, so that the key exists from the start; the sync adds the foreign keys.

ALTER TABLE movimentacao_estoque
  ADD COLUMN IF NOT EXISTS variacao_id bigint,
  ADD COLUMN IF NOT EXISTS em_transito boolean NOT NULL DEFAULT false;
ALTER TABLE saldo_estoque
  ADD COLUMN IF NOT EXISTS variacao_id bigint,
  ADD COLUMN IF NOT EXISTS em_transito boolean NOT NULL DEFAULT false;

DROP INDEX IF EXISTS saldo_estoque_chave;
CREATE UNIQUE INDEX saldo_estoque_chave
  ON saldo_estoque (empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito) NULLS NOT DISTINCT;
DROP INDEX IF EXISTS movimentacao_estoque_chave;
CREATE INDEX movimentacao_estoque_chave
  ON movimentacao_estoque (empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito, data, id);
