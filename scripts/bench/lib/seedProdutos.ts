import pg from 'pg';
import type { Database } from '../../../runtime/server/db/database.ts';

/** Comma-separated words → array. */
const list = (text: string) => text.split(',').map((word) => word.trim());

/** Product nouns: each starts roughly 1/120 of the descriptions, so a typed prefix matches a realistic fraction. */
const NOUNS = list(`
  Parafuso, Porca, Arruela, Prego, Bucha, Martelo, Chave de fenda, Alicate, Trena, Furadeira, Serra,
  Lixa, Tinta, Pincel, Rolo, Fita, Cola, Cabo, Fio, Tomada, Interruptor, Lâmpada, Luminária,
  Disjuntor, Cano, Joelho, Luva, Registro, Torneira, Chuveiro, Camiseta, Camisa, Calça, Bermuda,
  Vestido, Saia, Blusa, Jaqueta, Meia, Tênis, Sandália, Bota, Boné, Cinto, Mochila, Bolsa, Carteira,
  Arroz, Feijão, Açúcar, Café, Farinha, Macarrão, Óleo, Leite, Biscoito, Chocolate, Suco,
  Refrigerante, Água mineral, Sabonete, Shampoo, Condicionador, Creme dental, Escova, Desodorante,
  Detergente, Sabão em pó, Amaciante, Desinfetante, Esponja, Vassoura, Rodo, Balde, Caderno, Caneta,
  Lápis, Borracha, Apontador, Régua, Grampeador, Papel sulfite, Envelope, Pasta, Copo, Prato, Talher,
  Panela, Frigideira, Garrafa térmica, Toalha, Lençol, Travesseiro, Cobertor, Tapete, Cortina,
  Cadeira, Mesa, Banqueta, Prateleira, Mouse, Teclado, Monitor, Carregador, Fone de ouvido, Pilha,
  Bateria, Pendrive, Cartucho, Filtro, Pneu, Câmara de ar, Vela de ignição, Pastilha de freio,
  Amortecedor, Correia, Ração, Areia sanitária, Coleira, Brinquedo, Bola, Boneca, Quebra-cabeça`);
const QUALIFIERS = list(`
  Inox, Galvanizado, Algodão, Poliéster, Plástico, Madeira, Alumínio, Aço, Couro, Integral,
  Tradicional, Premium, Econômico, Profissional, Infantil, Adulto, Light, Zero, Orgânico, Reforçado,
  Sextavado, Flexível, Térmico, Digital, Compacto`);
const VARIANTS = list(`
  Azul, Preto, Branco, Vermelho, Verde, Amarelo, Cinza, P, M, G, GG, 1kg, 5kg, 500g, 1L, 2L, 10mm,
  6x40mm, 1/2", 3/4", 110V, 220V, c/ 12, c/ 50, Bivolt`);
const BRANDS = list(`
  Tramontina, Vonder, Tigre, Suvinil, Hering, Havaianas, Camil, Ypê, Faber-Castell, Tilibra,
  Multilaser, Intelbras, Bosch, Pirelli, Nestlé, Colgate, Nivea, Stanley, Makita, Gerdau, Brastemp,
  Tok&Stok, Bic, Pilão, Genérico`);

/** One pick from a text[] parameter, uniformly at random (random() is seeded, so runs are reproducible). */
const pick = (param: string) =>
  `(${param}::text[])[1 + floor(random() * cardinality(${param}::text[]))::int]`;

export interface SeedTimings {
  insertMs: number;
  indexMs: number;
  vacuumMs: number;
}

/**
 * Bulk-loads produtos the way a large import would: drops the table's secondary indexes (as the owner),
 * inserts `count` rows per company with one INSERT … SELECT generate_series each (as the system role),
 * rebuilds the very same indexes, then VACUUM ANALYZE (the state autovacuum reaches on its own).
 * Descriptions are "<noun> <qualifier> <variant> <brand>", codes P0000001…, 13-digit barcodes.
 */
export async function seedProdutos(
  url: string,
  db: Database,
  companies: Array<{ empresaId: number; count: number }>,
): Promise<SeedTimings> {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    const { rows: indexes } = await owner.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = 'produto'
          AND NOT EXISTS (SELECT FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const index of indexes) await owner.query(`DROP INDEX "${index.indexname}"`);
    let started = performance.now();
    for (const { empresaId, count } of companies) {
      await db.withSystem(async (tx) => {
        await tx.query('SELECT setseed($1)', [(empresaId % 1000) / 1000]);
        await tx.query(
          `INSERT INTO produto (empresa_id, tipo_produto, descricao, codigo, codigo_barras, unidade, custo, margem,
                                preco_venda, ncm, origem, controla_lote, estoque_minimo, ativo)
           SELECT $1, 0, ${pick('$3')} || ' ' || ${pick('$4')} || ' ' || ${pick('$5')} || ' ' || ${pick('$6')},
                  'P' || lpad(g::text, 7, '0'),
                  '789' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0') || (g % 10)::text,
                  'UN', c.custo, 30, round(c.custo / 0.7, 2), '39269090', 0, false, 0, random() > 0.05
             FROM generate_series(1, $2::int) g,
                  -- referring to g makes the lateral subquery run once per row: one cost each
                  LATERAL (SELECT round((1 + random() * 499 + g * 0)::numeric, 2) AS custo) c`,
          [empresaId, count, NOUNS, QUALIFIERS, VARIANTS, BRANDS],
        );
      });
    }
    const insertMs = performance.now() - started;
    started = performance.now();
    await owner.query(`SET maintenance_work_mem = '256MB'`);
    for (const index of indexes) await owner.query(index.indexdef);
    const indexMs = performance.now() - started;
    started = performance.now();
    await owner.query('VACUUM (ANALYZE) produto');
    return { insertMs, indexMs, vacuumMs: performance.now() - started };
  } finally {
    await owner.end();
  }
}
