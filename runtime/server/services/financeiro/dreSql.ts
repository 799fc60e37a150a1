/**
 * The DRE queries (flows.md F7), both with $1..$2 the period and $3..$4 the compared one, run in the
 * tenant's transaction (RLS: the branch's rows only). Each answers one row per (grupo, line) with the
 * signed sums of both periods: receitas positive, despesas negative. Transfers never count: by competência
 * only titles of tipo receita (1) or despesa (2); by caixa no movement of origem 'transferencia'.
 */

/** The group of a category without grupoDre: its own tipo (or the title's) decides. */
const grupoPadrao = (tipo: string) =>
  `CASE WHEN ${tipo} = 1 THEN 'receitaBruta' WHEN ${tipo} = 2 THEN 'despesasOperacionais' ELSE 'outras' END`;

/**
 * A title without a category still has a nature when a document launched it: sales (pedido, nota fiscal)
 * are receita bruta, purchases (nota de entrada) custos, a devolução de venda a dedução and a devolução de
 * compra a reduction of custos. [grupo, line label] by the title's origem_tipo, else null.
 */
const ORIGENS: Array<[string[], string, string]> = [
  [['pedidoVenda', 'notaFiscal', 'pedidoServico'], 'receitaBruta', 'Vendas (sem categoria)'],
  [['notaEntrada', 'pedidoCompra'], 'custos', 'Compras de mercadorias (sem categoria)'],
  [['devolucaoVenda'], 'deducoes', 'Devoluções de vendas'],
  [['devolucaoCompra'], 'custos', 'Devoluções de compras'],
];
const porOrigem = (origem: string, pick: 1 | 2, otherwise: string) =>
  `CASE ${ORIGENS.map(
    (entry) => `WHEN ${origem} IN (${entry[0].map((name) => `'${name}'`).join(', ')}) THEN '${entry[pick]}'`,
  ).join(' ')} ELSE ${otherwise} END`;

/** The DRE group of a line: the category's grupo, else the title's origin, else its tipo. */
const grupoDe = (categoria: string, origem: string, tipo: string) =>
  `COALESCE(${categoria}.grupo_dre, CASE WHEN ${categoria}.id IS NULL THEN ${porOrigem(origem, 1, 'NULL')} END, ${grupoPadrao(tipo)})`;

/** The label of a line: the category, else the title's origin, else "Sem categoria". */
const linhaDe = (categoria: string, origem: string) =>
  `COALESCE(${categoria}.descricao, ${porOrigem(origem, 2, "'Sem categoria'")})`;

/** By competência: titles not cancelled (situação 3), by data de competência, else emissão, else vencimento. */
export const DRE_COMPETENCIA_SQL = `
  WITH t AS (
    SELECT ${grupoDe('c', 'l.origem_tipo', 'l.tipo')} AS grupo,
           l.categoria_financeira_id AS categoria_id,
           ${linhaDe('c', 'l.origem_tipo')} AS descricao,
           CASE WHEN l.tipo = 1 THEN l.valor ELSE -l.valor END AS valor,
           COALESCE(l.data_competencia, l.data_emissao, l.data_vencimento) AS dia
      FROM lancamento l
      LEFT JOIN categoria_financeira c ON c.id = l.categoria_financeira_id
     WHERE l.tipo IN (1, 2) AND l.situacao IS DISTINCT FROM 3
       AND COALESCE(l.data_competencia, l.data_emissao, l.data_vencimento)
           BETWEEN least($1::date, $3::date) AND greatest($2::date, $4::date))
  SELECT grupo, COALESCE(categoria_id::text, '-') AS chave, descricao, categoria_id::int AS categoria_id,
         COALESCE(sum(valor) FILTER (WHERE dia BETWEEN $1::date AND $2::date), 0) AS valor,
         COALESCE(sum(valor) FILTER (WHERE dia BETWEEN $3::date AND $4::date), 0) AS anterior
    FROM t GROUP BY grupo, categoria_id, descricao`;

/**
 * By caixa: movements by date. A baixa's movement (principal + juros + multa − desconto) splits into the
 * title's category (principal), "Juros e multas" and "Descontos": for a receita the juros are receitas
 * financeiras and the desconto given a despesa financeira, for a despesa the other way round; the reversing
 * movement of an estorno (estorno_de set) counts each part negatively. Other movements (avulsos) count
 * whole in their category.
 */
export const DRE_CAIXA_SQL = `
  WITH m AS (
    SELECT mv.data AS dia, mv.valor, (mv.baixa_id IS NOT NULL AND b.id IS NOT NULL) AS de_baixa,
           b.principal, COALESCE(b.juros, 0) + COALESCE(b.multa, 0) AS juros, COALESCE(b.desconto, 0) AS desconto,
           l.tipo AS titulo_tipo, l.origem_tipo AS titulo_origem,
           COALESCE(l.categoria_financeira_id, mv.categoria_financeira_id) AS categoria_id,
           CASE WHEN mv.estorno_de IS NULL THEN 1 ELSE -1 END * CASE WHEN l.tipo = 2 THEN -1 ELSE 1 END AS s
      FROM movimento_financeiro mv
      LEFT JOIN baixa b ON b.id = mv.baixa_id
      LEFT JOIN lancamento l ON l.id = COALESCE(mv.lancamento_id, b.lancamento_id)
     WHERE mv.origem_tipo IS DISTINCT FROM 'transferencia'
       AND mv.data BETWEEN least($1::date, $3::date) AND greatest($2::date, $4::date)),
  t AS (
    SELECT m.dia, p.grupo, p.categoria_id, p.descricao, p.valor
      FROM m
      LEFT JOIN categoria_financeira c ON c.id = m.categoria_id
      CROSS JOIN LATERAL (
        SELECT ${grupoDe('c', 'm.titulo_origem', 'COALESCE(c.tipo, m.titulo_tipo, CASE WHEN m.valor >= 0 THEN 1 ELSE 2 END)')}
                 AS grupo,
               m.categoria_id, ${linhaDe('c', 'm.titulo_origem')} AS descricao,
               CASE WHEN m.de_baixa THEN m.s * m.principal ELSE m.valor END AS valor
        UNION ALL
        SELECT CASE WHEN m.titulo_tipo = 2 THEN 'despesasFinanceiras' ELSE 'receitasFinanceiras' END,
               NULL, 'Juros e multas', m.s * m.juros
         WHERE m.de_baixa AND m.juros <> 0
        UNION ALL
        SELECT CASE WHEN m.titulo_tipo = 2 THEN 'receitasFinanceiras' ELSE 'despesasFinanceiras' END,
               NULL, 'Descontos', -m.s * m.desconto
         WHERE m.de_baixa AND m.desconto <> 0) p)
  SELECT grupo, COALESCE(categoria_id::text, descricao) AS chave, descricao, categoria_id::int AS categoria_id,
         COALESCE(sum(valor) FILTER (WHERE dia BETWEEN $1::date AND $2::date), 0) AS valor,
         COALESCE(sum(valor) FILTER (WHERE dia BETWEEN $3::date AND $4::date), 0) AS anterior
    FROM t GROUP BY grupo, categoria_id, descricao`;
