import type { StockMovement } from '../../core/estoque/applyStockMovement.ts';
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
}

/**
 * Effect `estoque.lancar`: a manual stock document (tipo E entrada, S saída, B balanço) posts one ledger
 * row per item in its depósito at its date. Entrada at custoUnitario (empty: the current average); saída
 * at the average; balanço sets the counted quantity, the same produto and lote counted on several lines
 * adding up (a product scanned twice), one row per key.
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
          ? { tipo: 'entrada', qtd: quantidade, custo: Number(item.custoUnitario ?? 0) }
          : { tipo: 'saida', qtd: quantidade };
      lines.push({
        ...base,
        produtoId: Number(item.produtoId),
        loteId: item.loteId === null ? null : Number(item.loteId),
        variacaoId: item.variacaoId ?? null,
        movement,
        origemLinha: Number(item.numeroItem),
        rotulo: `Item ${item.numeroItem}: `,
      });
    }
  }
  await postStockMovements(context, Number(doc.id), lines);
}
