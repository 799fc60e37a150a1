-- Devoluções get their own screens and permission keys (issue 15): VENDAS_DEVOLUCAO (was covered by
-- VENDAS_PEDIDO_VENDAS) and COMPRAS_DEVOLUCAO (was COMPRAS_ENTRADA_NOTA_FISCAL). Perfis and API keys keep
-- what they could do: each new key gets the level its old key had, unless already set. Runs before the
-- schema sync; a new database has no api_key table yet.
UPDATE perfil SET permissoes = permissoes || jsonb_build_object('VENDAS_DEVOLUCAO', permissoes -> 'VENDAS_PEDIDO_VENDAS')
 WHERE permissoes ? 'VENDAS_PEDIDO_VENDAS' AND NOT permissoes ? 'VENDAS_DEVOLUCAO';
UPDATE perfil SET permissoes = permissoes || jsonb_build_object('COMPRAS_DEVOLUCAO', permissoes -> 'COMPRAS_ENTRADA_NOTA_FISCAL')
 WHERE permissoes ? 'COMPRAS_ENTRADA_NOTA_FISCAL' AND NOT permissoes ? 'COMPRAS_DEVOLUCAO';
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'api_key' AND column_name = 'permissoes'
                AND data_type = 'jsonb') THEN
    UPDATE api_key SET permissoes = permissoes || jsonb_build_object('VENDAS_DEVOLUCAO', permissoes -> 'VENDAS_PEDIDO_VENDAS')
     WHERE permissoes ? 'VENDAS_PEDIDO_VENDAS' AND NOT permissoes ? 'VENDAS_DEVOLUCAO';
    UPDATE api_key SET permissoes = permissoes || jsonb_build_object('COMPRAS_DEVOLUCAO', permissoes -> 'COMPRAS_ENTRADA_NOTA_FISCAL')
     WHERE permissoes ? 'COMPRAS_ENTRADA_NOTA_FISCAL' AND NOT permissoes ? 'COMPRAS_DEVOLUCAO';
  END IF;
END $$;
