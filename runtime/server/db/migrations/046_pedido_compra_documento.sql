-- Purchase orders become documents (issue 15): pedido_compra.situacao changes from the integer
-- situacaoPedidoCompra code to the state key of the lifecycle (aberto → aReceber → parcial/recebido,
-- cancelado). Runs before the schema sync; a new database has no pedido_compra yet and the sync creates the
-- column as text. Orders typed before the lifecycle posted nothing (no quantity a receber, no receipt
-- linked to their items): open and sent ones become aberto (to be approved), received ones recebido and
-- cancelled ones cancelado, so no balance is owed to them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'pedido_compra'
                AND column_name = 'situacao' AND data_type = 'integer') THEN
    ALTER TABLE pedido_compra ALTER COLUMN situacao DROP DEFAULT;
    ALTER TABLE pedido_compra ALTER COLUMN situacao TYPE character varying(20)
      USING CASE situacao WHEN 2 THEN 'recebido' WHEN 3 THEN 'recebido' WHEN 4 THEN 'cancelado' ELSE 'aberto' END;
    ALTER TABLE pedido_compra ALTER COLUMN situacao SET DEFAULT 'aberto';
  END IF;
  -- numero becomes the system's gap-free counter per filial: it continues after the numbers typed so far.
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'pedido_compra' AND column_name = 'numero') THEN
    INSERT INTO numeracao_documento (empresa_id, entidade, filial_id, serie, ultimo)
    SELECT empresa_id, 'pedidoCompra', filial_id, '', max(numero) FROM pedido_compra
     WHERE numero IS NOT NULL GROUP BY empresa_id, filial_id
    ON CONFLICT (empresa_id, entidade, filial_id, serie)
    DO UPDATE SET ultimo = greatest(numeracao_documento.ultimo, excluded.ultimo);
  END IF;
END $$;
