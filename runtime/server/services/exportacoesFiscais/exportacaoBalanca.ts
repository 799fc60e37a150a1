import type { Where } from '../../../core/loopbackFilter.ts';
import { HttpError } from '../../errors.ts';
import { categoryTree } from '../estoqueTools/alteracaoPreco.ts';
import { buildRecordQuery } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { type ItemBalanca, LAYOUTS_BALANCA, type ModeloBalanca } from './layoutsBalanca.ts';
import { asciiText, fileBytes } from './textoArquivo.ts';

/** What the user chose on Exportação para balança. */
export interface PedidoBalanca {
  modelo: ModeloBalanca;
  /** Toledo department (1–99); Filizola has none in CADTXT. */
  departamento?: number;
  /** The category and its subcategories. */
  categoriaId?: number | null;
}

export interface ItemExportadoBalanca extends ItemBalanca {
  id: number;
  codigo: string | null;
  /** The description as the file carries it (ASCII, upper case, cut to the layout's width). */
  descricaoArquivo: string;
}

export interface AvisoBalanca {
  id: number;
  codigo: string | null;
  descricao: string;
  motivo: string;
}

/** Most produtos one scale file carries (a scale holds a few thousand PLUs). */
export const MAX_PRODUTOS_BALANCA = 20_000;

interface ProdutoBalancaRow {
  id: number;
  codigo: string | null;
  descricao: string;
  precoVenda: number | string | null;
  codigoBalanca: number | null;
  tipoVendaBalanca: number | null;
  validadeDias: number | null;
}

const formatReais = (value: number) =>
  value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\u00a0/g, ' ');

/** Why a produto cannot go to the scale, or null when it can. */
function motivoRecusa(row: ProdutoBalancaRow, preco: number, precoMaximo: number): string | null {
  if (!row.codigoBalanca) return 'Sem código na balança (PLU).';
  if (!(preco > 0)) return 'Sem preço de venda.';
  if (preco > precoMaximo) return `Preço acima do máximo da balança (${formatReais(precoMaximo)}).`;
  if (!asciiText(row.descricao)) return 'Descrição sem letras ou números que a balança imprima.';
  return null;
}

/**
 * The produtos flagged "Enviar para a balança" (active ones, optionally of a category tree) as the
 * scale model's file: exported items in PLU order, warnings for those left out (no PLU, no price, price
 * above what the field holds) and the file's lines. RLS keeps every other company's produtos out.
 */
export async function exportacaoBalanca(context: RecordContext, pedido: PedidoBalanca) {
  const layout = LAYOUTS_BALANCA[pedido.modelo];
  const departamento = pedido.departamento ?? 1;
  if (layout.usaDepartamento && (departamento < 1 || departamento > 99))
    throw new HttpError(400, 'DEPARTAMENTO_INVALIDO', 'Informe um departamento de 1 a 99.');
  const and: Where[] = [{ enviarBalanca: true }, { ativo: true }];
  if (pedido.categoriaId) and.push({ categoriaId: { inq: await categoryTree(context, pedido.categoriaId) } });
  const { sql, params } = buildRecordQuery(
    context.record,
    {
      where: { and },
      fields: [
        'id',
        'codigo',
        'descricao',
        'precoVenda',
        'codigoBalanca',
        'tipoVendaBalanca',
        'validadeDias',
      ],
      order: ['codigoBalanca ASC', 'descricao ASC', 'id ASC'],
      limit: MAX_PRODUTOS_BALANCA + 1,
    },
    context.scope,
  );
  const rows = await context.tx.query<ProdutoBalancaRow>(sql, params);
  if (rows.length > MAX_PRODUTOS_BALANCA)
    throw new HttpError(
      400,
      'EXPORTACAO_MUITOS_PRODUTOS',
      `Mais de ${MAX_PRODUTOS_BALANCA.toLocaleString('pt-BR')} produtos marcados para a balança; escolha uma categoria.`,
    );
  const itens: ItemExportadoBalanca[] = [];
  const avisos: AvisoBalanca[] = [];
  for (const row of rows) {
    const preco = row.precoVenda === null ? 0 : Number(row.precoVenda);
    const motivo = motivoRecusa(row, preco, layout.precoMaximo);
    if (motivo) {
      avisos.push({ id: row.id, codigo: row.codigo, descricao: row.descricao, motivo });
      continue;
    }
    itens.push({
      id: row.id,
      codigo: row.codigo,
      plu: Number(row.codigoBalanca),
      descricao: row.descricao,
      descricaoArquivo: asciiText(row.descricao, '|').toUpperCase().slice(0, layout.descricaoMaxima).trim(),
      preco,
      tipo: row.tipoVendaBalanca === 1 ? 1 : 0,
      validadeDias: Math.min(999, Math.max(0, row.validadeDias ?? 0)),
    });
  }
  const linhas = itens.map((item) => layout.linha(item, departamento));
  return {
    modelo: pedido.modelo,
    nomeArquivo: layout.nomeArquivo,
    total: rows.length,
    itens,
    avisos,
    linhas,
  };
}

/** The file of the export, base64 of its Windows-1252 bytes; 400 when no produto can go. */
export function arquivoBalanca(result: Awaited<ReturnType<typeof exportacaoBalanca>>) {
  if (result.itens.length === 0)
    throw new HttpError(
      400,
      'EXPORTACAO_SEM_PRODUTOS',
      result.total === 0
        ? 'Nenhum produto marcado para a balança. Marque "Enviar para a balança" no cadastro do produto.'
        : 'Nenhum produto pode ir para a balança: corrija os avisos (PLU e preço) e tente de novo.',
    );
  return {
    nomeArquivo: result.nomeArquivo,
    codificacao: 'windows-1252',
    exportados: result.itens.length,
    avisos: result.avisos.length,
    conteudo: fileBytes(result.linhas).toString('base64'),
  };
}
