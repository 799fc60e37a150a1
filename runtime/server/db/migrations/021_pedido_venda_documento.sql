-- Sales orders become documents (issue 15): pedido_venda.situacao changes from the integer statusPedido
-- code to the state key of the lifecycle (situacaoPedidoVenda). Runs before the schema sync; a new database
-- has no pedido_venda yet and the sync creates the column as text. Orders typed before the lifecycle posted
-- nothing (no reservation, stock or receivable), so they become orçamentos — except the cancelled ones —
-- and a later cancel or faturar releases or reverses only what the lifecycle itself posted.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'pedido_venda'
                AND column_name = 'situacao' AND data_type = 'integer') THEN
    ALTER TABLE pedido_venda ALTER COLUMN situacao DROP DEFAULT;
    ALTER TABLE pedido_venda ALTER COLUMN situacao TYPE character varying(20)
      USING CASE situacao WHEN 4 THEN 'cancelado' ELSE 'orcamento' END;
    ALTER TABLE pedido_venda ALTER COLUMN situacao SET DEFAULT 'orcamento';
  END IF;
END $$;
