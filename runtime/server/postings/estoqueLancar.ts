import type { StockMovement } from '../../core/estoque/applyStockMovement.ts';
import {
  custoAquisicao,
  type ItemAquisicao,
  type Recuperaveis,
  recuperaveisDaEmpresa,
} from '../../core/estoque/custoAquisicao.ts';
import { roundMoney } from '../../core/roundMoney.ts';
import type { PostingContext } from './PostingContext.ts';
import { postStockMovements, type StockLine } from './postStockMovements.ts';
import { stockError } from './stockErrors.ts';

interface Item {
  numeroItem: number;
  produtoId: number;
  loteId: number | null;
  variacaoId?: number | null;
  quantidade: number;
  custoUnitario: number | null;
  desconto?: number | null;
  frete?: number | null;
  seguro?: number | null;
  outrasDespesas?: number | null;
  ipi?: number | null;
  icmsSt?: number | null;
  icms?: number | null;
  pis?: number | null;
  cofins?: number | null;
}

/** The parts of an entrada line's acquisition cost (CPC 16), as the item declares them. */
const PARTES = [
  'desconto',
  'frete',
  'seguro',
  'outrasDespesas',
  'ipi',
  'icmsSt',
  'icms',
  'pis',
  'cofins',
] as const;

/**
 * Unit cost an entrada line posts: quantidade × custoUnitario plus the declared parts by CPC 16
 * (custoAquisicao) with the empresa's credits, read once per document and only when a line declares a part;
 * a line without parts posts its custoUnitario as typed.
 */
async function custoEntrada(
  item: Item,
  quantidade: number,
  recuperaveis: () => Promise<Recuperaveis>,
): Promise<number> {
  const custo = Number(item.custoUnitario ?? 0);
  if (!PARTES.some((parte) => Number(item[parte] ?? 0) !== 0)) return custo;
  const linha: ItemAquisicao = { quantidade, valorProdutos: roundMoney(quantidade * custo) };
  for (const parte of PARTES) linha[parte] = Number(item[parte] ?? 0);
  const resultado = custoAquisicao(linha, await recuperaveis());
  if (resultado.custoTotal < 0)
    throw stockError(
      'CUSTO_NEGATIVO',
      `Item ${item.numeroItem}: descontos e créditos de impostos maiores que o valor da compra deixariam o custo negativo.`,
    );
  return resultado.custoUnitario;
}

/**
 * Effect `estoque.lancar`: a manual stock document (tipo E entrada, S saída, B balanço) posts one ledger
 * row per item in its depósito at its date. Entrada at its acquisition cost (CPC 16, custoEntrada); saída
 * at the average; balanço sets the counted quantity, the same produto and lote counted on several lines
 * adding up (a product scanned twice), one row per key. A saída line of a lot-controlled product without a
 * lot is split over its valid lots by FEFO (flows.md E10), refused naming what the valid lots lack.
 */
export async function estoqueLancar(context: PostingContext): Promise<void> {
  const { doc } = context;
  const itens = (doc.itens as Item[] | undefined) ?? [];
  if (itens.length === 0)
    throw stockError('DOCUMENTO_SEM_ITENS', 'Informe ao menos um item antes de efetivar o lançamento.');
  const tipo = String(doc.tipo);
  const base = {
    depositoId: Number(doc.depositoId),
    data: new Date(doc.data as string).toISOString(),
    motivo: (doc.motivo as string | null) ?? null,
    origemTipo: context.record.entity.name,
  };
  const lines: StockLine[] = [];
  let creditos: Promise<Recuperaveis> | undefined;
  // The empresa's regime and IPI setting decide which taxes are credited (left out of the cost).
  const recuperaveis = () => {
    creditos ??= context.tx
      .maybeOne<{ regime: number | null; ipi: boolean | null }>(
        `SELECT e.regime, c.recupera_ipi_compras AS ipi FROM empresa e
           LEFT JOIN configuracao_geral c ON c.empresa_id = e.id WHERE e.id = $1 LIMIT 1`,
        [context.scope.empresaId],
      )
      .then((row) => recuperaveisDaEmpresa(row?.regime ?? null, row?.ipi === true));
    return creditos;
  };
  if (tipo === 'B') {
    const counted = new Map<string, StockLine & { contada: number }>();
    for (const item of itens) {
      const key = `${item.produtoId}/${item.loteId ?? ''}/${item.variacaoId ?? ''}`;
      const line = counted.get(key);
      if (line) {
        line.contada += Number(item.quantidade);
        continue;
      }
      counted.set(key, {
        ...base,
        produtoId: Number(item.produtoId),
        loteId: item.loteId === null ? null : Number(item.loteId),
        variacaoId: item.variacaoId ?? null,
        contada: Number(item.quantidade),
        movement: { tipo: 'balanco', contada: 0 },
        origemLinha: Number(item.numeroItem),
        balanco: true,
        rotulo: `Item ${item.numeroItem}: `,
      });
    }
    for (const line of counted.values()) {
      const custo = itens.find(
        (item) =>
          item.produtoId === line.produtoId &&
          (item.loteId ?? null) === line.loteId &&
          (item.variacaoId ?? null) === (line.variacaoId ?? null) &&
          item.custoUnitario !== null,
      )?.custoUnitario;
      const { contada, ...rest } = line;
      lines.push({ ...rest, movement: { tipo: 'balanco', contada, custo: custo ?? null } });
    }
  } else {
    for (const item of itens) {
      const quantidade = Number(item.quantidade);
      if (!(quantidade > 0))
        throw stockError(
          'QUANTIDADE_INVALIDA',
          `Item ${item.numeroItem}: a quantidade deve ser maior que zero numa ${tipo === 'E' ? 'entrada' : 'saída'}.`,
        );
      const movement: StockMovement =
        tipo === 'E'
          ? { tipo: 'entrada', qtd: quantidade, custo: await custoEntrada(item, quantidade, recuperaveis) }
          : { tipo: 'saida', qtd: quantidade };
      lines.push({
        ...base,
        produtoId: Number(item.produtoId),
        loteId: item.loteId === null ? null : Number(item.loteId),
        variacaoId: item.variacaoId ?? null,
        movement,
        origemLinha: Number(item.numeroItem),
        rotulo: `Item ${item.numeroItem}: `,
        // A saída without a lot of a lot-controlled product takes its lots by FEFO (postStockMovements).
        fefo: tipo === 'S' && (item.loteId === null || item.loteId === undefined),
      });
    }
  }
  await postStockMovements(context, Number(doc.id), lines);
}
