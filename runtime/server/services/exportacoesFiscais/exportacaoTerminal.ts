import type { Where } from '../../../core/loopbackFilter.ts';
import { HttpError } from '../../errors.ts';
import { assertMarca, categoryTree } from '../estoqueTools/alteracaoPreco.ts';
import { buildRecordQuery } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import {
  type ItemTerminal,
  type LayoutTerminal,
  linhaTerminal,
  problemaLayoutTerminal,
} from './layoutTerminal.ts';
import { fileBytes } from './textoArquivo.ts';

/** What the user chose on Exportação para terminal. */
export interface PedidoTerminal {
  layout: LayoutTerminal;
  categoriaId?: number | null;
  marcaId?: number | null;
  somenteAtivos: boolean;
  somenteComCodigoBarras: boolean;
}

export interface ItemExportadoTerminal extends ItemTerminal {
  id: number;
  codigoBarras: string | null;
}

export interface AvisoTerminal {
  id: number;
  codigo: string | null;
  descricao: string;
  motivo: string;
}

/** Most produtos one terminal file carries; beyond it the filters must be narrower. */
export const MAX_PRODUTOS_TERMINAL = 50_000;

/** Lines the preview returns (the file has them all). */
export const LINHAS_PREVIEW_TERMINAL = 200;

interface ProdutoTerminalRow {
  id: number;
  codigo: string | null;
  codigoBarras: string | null;
  descricao: string;
  precoVenda: number | string | null;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Balance of each produto in the selected branch: entries minus exits of its stock movements. */
async function saldos(context: RecordContext, ids: number[]): Promise<Map<number, number>> {
  if (!context.scope.filialId)
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione uma filial para exportar o estoque.');
  if (ids.length === 0) return new Map();
  const mov = context.lookupTarget('movimentacaoEstoque');
  const column = (field: string, fallback: string) => q(mov.fieldMap[field]?.column ?? fallback);
  // tipo follows tipoOperacao: 0 entrada, 1 saída.
  const rows = await context.tx.query<{ id: number; saldo: string }>(
    `SELECT ${column('produtoId', 'produto_id')} AS id,
            sum(CASE WHEN ${column('tipo', 'tipo')} = 0 THEN ${column('quantidade', 'quantidade')}
                     ELSE -${column('quantidade', 'quantidade')} END) AS saldo
       FROM ${q(mov.entity.table)}
      WHERE empresa_id = $1 AND filial_id = $2 AND ${column('produtoId', 'produto_id')} = ANY($3::int[])
      GROUP BY 1`,
    [context.scope.empresaId, context.scope.filialId, ids],
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.saldo)]));
}

async function whereOf(context: RecordContext, pedido: PedidoTerminal): Promise<Where> {
  const and: Where[] = [];
  if (pedido.somenteAtivos) and.push({ ativo: true });
  if (pedido.somenteComCodigoBarras) and.push({ codigoBarras: { gt: '' } });
  if (pedido.categoriaId) and.push({ categoriaId: { inq: await categoryTree(context, pedido.categoriaId) } });
  if (pedido.marcaId) {
    await assertMarca(context, pedido.marcaId);
    and.push({ marcaId: pedido.marcaId });
  }
  return and.length > 0 ? { and } : {};
}

/**
 * The produtos of the filters as the terminal file: code (GTIN, else the internal code), description,
 * price and optionally the branch's stock. Produtos without a price are left out with a warning.
 */
export async function exportacaoTerminal(context: RecordContext, pedido: PedidoTerminal) {
  const problema = problemaLayoutTerminal(pedido.layout);
  if (problema) throw new HttpError(400, 'LAYOUT_INVALIDO', problema);
  const { sql, params } = buildRecordQuery(
    context.record,
    {
      where: await whereOf(context, pedido),
      fields: ['id', 'codigo', 'codigoBarras', 'descricao', 'precoVenda'],
      order: ['descricao ASC', 'id ASC'],
      limit: MAX_PRODUTOS_TERMINAL + 1,
    },
    context.scope,
  );
  const rows = await context.tx.query<ProdutoTerminalRow>(sql, params);
  if (rows.length > MAX_PRODUTOS_TERMINAL)
    throw new HttpError(
      400,
      'EXPORTACAO_MUITOS_PRODUTOS',
      `Os filtros atingem mais de ${MAX_PRODUTOS_TERMINAL.toLocaleString('pt-BR')} produtos; escolha uma categoria ou marca.`,
    );
  const itens: ItemExportadoTerminal[] = [];
  const avisos: AvisoTerminal[] = [];
  for (const row of rows) {
    const preco = row.precoVenda === null ? 0 : Number(row.precoVenda);
    const codigo = row.codigoBarras?.trim() || row.codigo?.trim() || String(row.id);
    if (!(preco > 0)) {
      avisos.push({
        id: row.id,
        codigo: row.codigo,
        descricao: row.descricao,
        motivo: 'Sem preço de venda.',
      });
      continue;
    }
    itens.push({ id: row.id, codigo, codigoBarras: row.codigoBarras, descricao: row.descricao, preco });
  }
  if (pedido.layout.incluirEstoque) {
    const saldo = await saldos(
      context,
      itens.map((item) => item.id),
    );
    for (const item of itens) item.estoque = saldo.get(item.id) ?? 0;
  }
  const linhas = itens.map((item) => linhaTerminal(item, pedido.layout));
  return { nomeArquivo: 'PRODUTOS.TXT', total: rows.length, itens, avisos, linhas };
}

/** The file of the export, base64 of its Windows-1252 bytes; 400 when no produto goes. */
export function arquivoTerminal(result: Awaited<ReturnType<typeof exportacaoTerminal>>) {
  if (result.itens.length === 0)
    throw new HttpError(
      400,
      'EXPORTACAO_SEM_PRODUTOS',
      'Nenhum produto com preço atende aos filtros; ajuste os filtros e tente de novo.',
    );
  return {
    nomeArquivo: result.nomeArquivo,
    codificacao: 'windows-1252',
    exportados: result.itens.length,
    avisos: result.avisos.length,
    conteudo: fileBytes(result.linhas).toString('base64'),
  };
}
