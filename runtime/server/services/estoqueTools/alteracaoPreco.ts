import { escapeLike } from '../../../core/escapeLike.ts';
import type { Where } from '../../../core/loopbackFilter.ts';
import {
  applyPriceChange,
  type PriceChangeResult,
  type PriceChangeRule,
  priceChangeRuleError,
} from '../../../core/priceChange.ts';
import { HttpError } from '../../errors.ts';
import { buildRecordQuery, scopeConditions } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** Which produtos a price change reaches. */
export interface PriceChangeFilter {
  /** The category and every category below it in the tree. */
  categoriaId?: number | null;
  marcaId?: number | null;
  /** Part of the description, code or barcode. */
  busca?: string | null;
  incluirInativos?: boolean;
}

export interface PriceChangeItem extends PriceChangeResult {
  id: number;
  codigo: string | null;
  descricao: string;
  custo: number | null;
  precoAtual: number | null;
  margemAtual: number | null;
  markupAtual: number | null;
}

/** Most produtos one application changes (and a preview summarises); narrower filters beyond it. */
export const MAX_PRICE_CHANGE_PRODUCTS = 20_000;

interface ProductRow {
  id: number;
  codigo: string | null;
  descricao: string;
  precoVenda: number | null;
  custo: number | null;
  margem: number | null;
  markup: number | null;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The category and its descendants visible to the tenant; 400 when the category is not one of them. */
export async function categoryTree(context: RecordContext, categoriaId: number): Promise<number[]> {
  const categoria = context.lookupTarget('categoria');
  const parent = q(categoria.fieldMap.categoriaPaiId?.column ?? 'categoria_pai_id');
  const table = q(categoria.entity.table);
  // RLS scopes both parts to the tenant; the empresa condition is repeated so the indexes are used.
  const rows = await context.tx.query<{ id: number }>(
    `WITH RECURSIVE arvore AS (
       SELECT id FROM ${table} WHERE id = $1 AND empresa_id = $2
       UNION
       SELECT c.id FROM ${table} c JOIN arvore a ON c.${parent} = a.id WHERE c.empresa_id = $2
     ) SELECT id FROM arvore`,
    [categoriaId, context.scope.empresaId],
  );
  if (rows.length === 0) throw new HttpError(400, 'CATEGORIA_NAO_ENCONTRADA', 'Categoria não encontrada.');
  return rows.map((row) => row.id);
}

/** 400 unless the brand is one of the tenant's. */
export async function assertMarca(context: RecordContext, marcaId: number): Promise<void> {
  const marca = context.lookupTarget('marca');
  const params: unknown[] = [marcaId];
  const scope = scopeConditions(marca, context.scope, params).join(' AND ');
  const found = await context.tx.maybeOne(
    `SELECT 1 FROM ${q(marca.entity.table)} WHERE id = $1 AND ${scope}`,
    params,
  );
  if (!found) throw new HttpError(400, 'MARCA_NAO_ENCONTRADA', 'Marca não encontrada.');
}

/** The where of the filter, as a LoopBack where over produto (allow-listed by the records compiler). */
async function whereOf(context: RecordContext, filter: PriceChangeFilter): Promise<Where> {
  const and: Where[] = [];
  if (!filter.incluirInativos) and.push({ ativo: true });
  if (filter.categoriaId) and.push({ categoriaId: { inq: await categoryTree(context, filter.categoriaId) } });
  if (filter.marcaId) {
    await assertMarca(context, filter.marcaId);
    and.push({ marcaId: filter.marcaId });
  }
  const busca = filter.busca?.trim();
  if (busca) {
    const like = `%${escapeLike(busca)}%`;
    and.push({
      or: [{ descricao: { ilike: like } }, { codigo: { ilike: like } }, { codigoBarras: { ilike: like } }],
    });
  }
  return and.length > 0 ? { and } : {};
}

/** Every matching produto in description order (at most the limit plus one, to tell it was passed). */
async function matchingProducts(
  context: RecordContext,
  filter: PriceChangeFilter,
  lock: boolean,
): Promise<ProductRow[]> {
  const where = await whereOf(context, filter);
  const { sql, params } = buildRecordQuery(
    context.record,
    {
      where,
      fields: ['id', 'codigo', 'descricao', 'precoVenda', 'custo', 'margem', 'markup'],
      order: ['descricao ASC', 'id ASC'],
      limit: MAX_PRICE_CHANGE_PRODUCTS + 1,
    },
    context.scope,
  );
  return context.tx.query<ProductRow>(lock ? `${sql} FOR UPDATE` : sql, params);
}

/** 400 with the rule's pt-BR problem. */
function assertRule(rule: PriceChangeRule): void {
  const problem = priceChangeRuleError(rule);
  if (problem) throw new HttpError(400, 'REGRA_INVALIDA', problem);
}

function itemOf(row: ProductRow, rule: PriceChangeRule): PriceChangeItem {
  return {
    id: row.id,
    codigo: row.codigo,
    descricao: row.descricao,
    custo: row.custo,
    precoAtual: row.precoVenda,
    margemAtual: row.margem,
    markupAtual: row.markup,
    ...applyPriceChange(row, rule),
  };
}

/** Counts of a computed change. */
function summary(items: PriceChangeItem[]) {
  const count = (situacao: PriceChangeItem['situacao']) =>
    items.filter((item) => item.situacao === situacao).length;
  return {
    total: items.length,
    alterados: count('alterado'),
    semPreco: count('semPreco'),
    invalidos: count('invalido'),
    abaixoDoCusto: items.filter(
      (item) => item.precoNovo !== null && item.custo !== null && item.precoNovo < item.custo,
    ).length,
  };
}

/** Preview of a price change: the counts over every matching produto and one page of them. */
export async function previewPriceChange(
  context: RecordContext,
  filter: PriceChangeFilter,
  rule: PriceChangeRule,
  page: { skip: number; limit: number },
) {
  assertRule(rule);
  const rows = await matchingProducts(context, filter, false);
  const excedeLimite = rows.length > MAX_PRICE_CHANGE_PRODUCTS;
  const items = rows.slice(0, MAX_PRICE_CHANGE_PRODUCTS).map((row) => itemOf(row, rule));
  return {
    ...summary(items),
    excedeLimite,
    limite: MAX_PRICE_CHANGE_PRODUCTS,
    skip: page.skip,
    itens: items.slice(page.skip, page.skip + page.limit),
  };
}

/**
 * Applies a price change to every matching produto in the caller's transaction: the rows are locked and
 * recomputed from their current values (someone may have changed a price since the preview), then
 * written in one statement per chunk, bumping versao and stamping alteradoEm/alteradoPor. All or
 * nothing: a price that would not stay positive rejects the whole change.
 */
export async function applyPriceChangeTo(
  context: RecordContext,
  filter: PriceChangeFilter,
  rule: PriceChangeRule,
): Promise<{ total: number; alterados: number }> {
  assertRule(rule);
  const rows = await matchingProducts(context, filter, true);
  if (rows.length === 0)
    throw new HttpError(400, 'NENHUM_PRODUTO', 'Nenhum produto atende aos filtros informados.');
  if (rows.length > MAX_PRICE_CHANGE_PRODUCTS) {
    throw new HttpError(
      400,
      'PRODUTOS_DEMAIS',
      `A alteração atinge mais de ${MAX_PRICE_CHANGE_PRODUCTS.toLocaleString('pt-BR')} produtos; refine os filtros e aplique em partes.`,
    );
  }
  const items = rows.map((row) => itemOf(row, rule));
  const invalid = items.filter((item) => item.situacao === 'invalido');
  if (invalid.length > 0) {
    throw new HttpError(
      400,
      'PRECO_INVALIDO',
      `O novo preço de ${invalid.length} produto(s) ficaria zerado ou negativo (ex.: ${invalid[0]?.descricao}); ajuste o valor ou os filtros.`,
    );
  }
  const changed = items.filter((item) => item.situacao === 'alterado');
  const { fieldMap, entity } = context.record;
  const column = (field: string) => q(fieldMap[field]?.column ?? field);
  for (let start = 0; start < changed.length; start += 5000) {
    const chunk = changed.slice(start, start + 5000);
    await context.tx.query(
      `UPDATE ${q(entity.table)} p
          SET ${column('precoVenda')} = v.preco, ${column('margem')} = v.margem, ${column('markup')} = v.markup,
              versao = p.versao + 1, alterado_em = now(), alterado_por = $5
         FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::numeric[]) AS v(id, preco, margem, markup)
        WHERE p.id = v.id AND p.empresa_id = $6`,
      [
        chunk.map((item) => item.id),
        chunk.map((item) => item.precoNovo),
        chunk.map((item) => item.margemNova),
        chunk.map((item) => item.markupNovo),
        context.scope.usuarioId,
        context.scope.empresaId,
      ],
    );
  }
  return { total: items.length, alterados: changed.length };
}

/** Categories (with their parent, for the tree) and brands of the tenant, for the screen's filters. */
export async function priceChangeOptions(context: RecordContext) {
  const list = async (name: string, fields: string[]) => {
    const { sql, params } = buildRecordQuery(
      context.lookupTarget(name),
      { fields, order: ['descricao ASC', 'id ASC'], limit: 2000 },
      context.scope,
    );
    return context.tx.query<{ id: number; descricao: string }>(sql, params);
  };
  return {
    categorias: await list('categoria', ['id', 'descricao', 'categoriaPaiId']),
    marcas: await list('marca', ['id', 'descricao']),
  };
}
