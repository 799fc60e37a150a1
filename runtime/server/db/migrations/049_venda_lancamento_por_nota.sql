-- Who launches a sale's stock and receivables (issue 15, flows.md §3: by the pedido or by its nota fiscal,
-- never both). Adds the columns of pedidoVenda.lancarPor / estoqueLancadoPor / contasLancadasPor,
-- notaFiscal.estoqueLancadoPor / contasLancadasPor and configuracaoGeral.lancarVendasPor (the schema sync
-- would add them empty) and fills the E/C flags of what the lifecycle already launched: every order invoiced
-- before this launched by the pedido. Runs before the schema sync; a new database has no such tables yet.
DO $$
BEGIN
  IF to_regclass('pedido_venda') IS NOT NULL THEN
    ALTER TABLE pedido_venda ADD COLUMN IF NOT EXISTS lancar_por text,
      ADD COLUMN IF NOT EXISTS estoque_lancado_por text, ADD COLUMN IF NOT EXISTS contas_lancadas_por text;
    UPDATE pedido_venda p SET lancar_por = 'pedido' WHERE p.situacao IN ('faturado', 'entregue') AND p.lancar_por IS NULL;
    IF to_regclass('movimentacao_estoque') IS NOT NULL THEN
      UPDATE pedido_venda p SET estoque_lancado_por = 'pedido'
       WHERE p.situacao IN ('faturado', 'entregue') AND p.estoque_lancado_por IS NULL
         AND EXISTS (SELECT 1 FROM movimentacao_estoque m WHERE m.origem_tipo = 'pedidoVenda' AND m.origem_id = p.id);
    END IF;
    IF to_regclass('lancamento') IS NOT NULL THEN
      UPDATE pedido_venda p SET contas_lancadas_por = 'pedido'
       WHERE p.situacao IN ('faturado', 'entregue') AND p.contas_lancadas_por IS NULL
         AND EXISTS (SELECT 1 FROM lancamento l WHERE l.empresa_id = p.empresa_id AND l.origem_tipo = 'pedidoVenda'
                       AND l.origem_id = p.id);
    END IF;
    IF to_regclass('nota_fiscal') IS NOT NULL THEN
      ALTER TABLE nota_fiscal ADD COLUMN IF NOT EXISTS estoque_lancado_por text,
        ADD COLUMN IF NOT EXISTS contas_lancadas_por text;
      IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                   AND table_name = 'nota_fiscal' AND column_name = 'pedido_venda_id') THEN
        UPDATE nota_fiscal n SET estoque_lancado_por = p.estoque_lancado_por, contas_lancadas_por = p.contas_lancadas_por
          FROM pedido_venda p WHERE p.id = n.pedido_venda_id;
      END IF;
    END IF;
  END IF;
  IF to_regclass('configuracao_geral') IS NOT NULL THEN
    ALTER TABLE configuracao_geral ADD COLUMN IF NOT EXISTS lancar_vendas_por text;
    UPDATE configuracao_geral SET lancar_vendas_por = 'pedido' WHERE lancar_vendas_por IS NULL;
  END IF;
END $$;
