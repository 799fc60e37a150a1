-- flows.md §0: quantities and rates carry 6 decimals. The stock ledger, balances, stock documents, transfers
-- and lots move from numeric(18,4) to numeric(18,6), and the ledger's unit cost (a rate: the average a saída
-- leaves at, an acquisition cost with freight and taxes spread per unit) from numeric(15,2) to numeric(18,6).
-- Widening keeps every stored value. Tables the schema sync creates later (a new database) already get the
-- declared types, so each column is altered only where it exists with the old type.
-- saldo_estoque.disponivel is generated from fisico and reservado: dropped and generated again around them.

DO $$
DECLARE
  target record;
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = 'saldo_estoque' AND column_name = 'disponivel'
               AND numeric_scale = 4) THEN
    ALTER TABLE saldo_estoque DROP COLUMN disponivel;
    ALTER TABLE saldo_estoque
      ALTER COLUMN fisico TYPE numeric(18,6),
      ALTER COLUMN reservado TYPE numeric(18,6),
      ALTER COLUMN a_receber TYPE numeric(18,6);
    ALTER TABLE saldo_estoque
      ADD COLUMN disponivel numeric(18,6) GENERATED ALWAYS AS (fisico - reservado) STORED;
  END IF;
  FOR target IN
    SELECT * FROM (VALUES ('movimentacao_estoque', 'quantidade'), ('movimentacao_estoque', 'qtd'),
                          ('movimentacao_estoque', 'qtd_apos'), ('movimentacao_estoque', 'custo_unitario'),
                          ('documento_estoque_item', 'quantidade'), ('transferencia_estoque', 'quantidade'),
                          ('lote', 'quantidade')) AS t(tabela, coluna)
  LOOP
    IF EXISTS (SELECT 1 FROM information_schema.columns
               WHERE table_schema = 'public' AND table_name = target.tabela AND column_name = target.coluna
                 AND data_type = 'numeric' AND numeric_scale IS DISTINCT FROM 6) THEN
      EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE numeric(18,6)', target.tabela, target.coluna);
    END IF;
  END LOOP;
END $$;
