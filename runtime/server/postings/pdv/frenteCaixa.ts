import { escapeLike } from '../../../core/escapeLike.ts';
import { formasPagamento, type PdvContext } from './caixaSessao.ts';

/** What the Frente de caixa lists: the branch's active PDVs (with the open session, if any), operators and methods. */
export interface CadastrosFrente {
  pdvs: { id: number; descricao: string; caixaAbertoId: number | null }[];
  operadores: { id: number; descricao: string }[];
  formas: { id: number; descricao: string; dinheiro: boolean }[];
}

/**
 * The lists the Frente de caixa needs, under its own permission key: a cashier holds VENDAS_FRENTE_CAIXA only,
 * not the keys of Configurações › PDVs, Operadores, Formas de pagamento or Vendas › Caixas that the records API
 * would ask for. Only what the screen shows (ids and names), the branch's rows.
 */
export async function cadastrosFrente(context: PdvContext): Promise<CadastrosFrente> {
  const { tx, scope } = context;
  const pdvs = await tx.query<CadastrosFrente['pdvs'][number]>(
    `SELECT p.id::int AS id, p.descricao,
            (SELECT c.id::int FROM caixa c WHERE c.pdv_id = p.id AND c.situacao = 'aberto' ORDER BY c.id LIMIT 1)
              AS "caixaAbertoId"
       FROM pdv p WHERE p.filial_id = $1 AND p.ativo IS NOT FALSE ORDER BY p.descricao, p.id`,
    [scope.filialId],
  );
  const operadores = await tx.query<CadastrosFrente['operadores'][number]>(
    `SELECT id::int AS id, nome AS descricao FROM operador_pdv
      WHERE filial_id = $1 AND ativo IS NOT FALSE ORDER BY nome, id`,
    [scope.filialId],
  );
  const formas = [...(await formasPagamento(context)).values()].map(({ id, descricao, dinheiro }) => ({
    id,
    descricao,
    dinheiro,
  }));
  return { pdvs, operadores, formas };
}

/** A product the cashier may pick: what the search dialog shows. */
export interface ProdutoFrente {
  id: number;
  descricao: string;
  codigo: string;
  codigoBarras: string | null;
  precoVenda: number | null;
}

/**
 * The Frente de caixa's product search (F3), under its own key: active products whose description contains
 * the text, whose código starts with it, or whose barcode is it; 20 at most, by description.
 */
export async function buscarProdutosFrente(context: PdvContext, texto: string): Promise<ProdutoFrente[]> {
  const termo = texto.trim();
  if (!termo) return [];
  const semCuringas = escapeLike(termo);
  return context.tx.query<ProdutoFrente>(
    `SELECT id::int AS id, descricao, coalesce(codigo, '') AS codigo, codigo_barras AS "codigoBarras",
            preco_venda::float8 AS "precoVenda"
       FROM produto
      WHERE empresa_id = $1 AND ativo IS NOT FALSE
        AND (descricao ILIKE '%' || $2 || '%' OR codigo ILIKE $2 || '%' OR codigo_barras = $3)
      ORDER BY descricao, id LIMIT 20`,
    [context.scope.empresaId, semCuringas, termo],
  );
}
