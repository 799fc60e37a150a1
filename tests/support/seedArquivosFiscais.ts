import type { Database, Tx } from '../../runtime/server/db/database.ts';

/** A 44-digit access key whose number part is `numero`, with its mod-11 check digit. */
export const chave = (modelo: string, numero: number) => {
  const corpo = `35240311222333000181${modelo}001${String(numero).padStart(9, '0')}1${String(numero).padStart(8, '0')}`;
  const base = corpo.slice(0, 43);
  let soma = 0;
  let peso = 2;
  for (let i = 42; i >= 0; i--) {
    soma += Number(base[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return `${base}${resto < 2 ? 0 : 11 - resto}`;
};

interface Item {
  produtoId: number | null;
  codigo: string;
  descricao: string;
  ncm?: string | null;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  cst: string;
  aliquota: number;
  pis?: [string, number, number];
  cofins?: [string, number, number];
}

async function itens(
  tx: Tx,
  table: string,
  fk: string,
  parent: { id: number; e: number; f: number },
  list: Item[],
) {
  for (const [index, item] of list.entries()) {
    const total = Math.round(item.quantidade * item.valorUnitario * 100) / 100;
    const icms = Math.round(total * item.aliquota) / 100;
    await tx.query(
      `INSERT INTO ${table} (empresa_id, filial_id, ${fk}, numero_item, produto_id, codigo, descricao, ncm, cfop, unidade,
         quantidade, valor_unitario, valor_desconto, valor_total, origem, cst_icms, base_icms, aliquota_icms, valor_icms,
         cst_pis, aliquota_pis, valor_pis, cst_cofins, aliquota_cofins, valor_cofins)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,0,$13,0,$14,$13,$15,$16,$17,$18,$19,$20,$21,$22)`,
      [
        parent.e,
        parent.f,
        parent.id,
        index + 1,
        item.produtoId,
        item.codigo,
        item.descricao,
        item.ncm ?? null,
        item.cfop,
        item.unidade,
        item.quantidade,
        item.valorUnitario,
        total,
        item.cst,
        item.aliquota,
        icms,
        item.pis?.[0] ?? null,
        item.pis?.[1] ?? null,
        item.pis?.[2] ?? null,
        item.cofins?.[0] ?? null,
        item.cofins?.[1] ?? null,
        item.cofins?.[2] ?? null,
      ],
    );
  }
}

/**
 * Fiscal data of March 2024 for the selected branch of `email`'s company (regime normal): the branch's fiscal pessoa
 * (IE, address), a contador, a cliente, a fornecedor without IBGE city, two produtos (one without NCM),
 * an NF-e de saída with two items, a cancelled NF-e, a supplier's note with one item, one without items
 * and an NFC-e. `prefixo` tells the companies' data apart.
 */
export async function seedArquivosFiscais(db: Database, email: string, prefixo = '') {
  return db.withSystem(async (tx) => {
    const owner = await tx.one<{ e: number; f: number; cnpj: string }>(
      `SELECT u.empresa_id::int AS e, u.filial_selecionada_id::int AS f, COALESCE(f.cpf_cnpj, em.cpf_cnpj, '') AS cnpj
         FROM usuario u JOIN filial f ON f.id = u.filial_selecionada_id JOIN empresa em ON em.id = u.empresa_id
        WHERE u.email = $1`,
      [email],
    );
    // A company signed up without CNPJ gets one with valid check digits (the files refuse an invalid one).
    const cnpj = owner.cnpj || '76543210000198';
    await tx.query('UPDATE filial SET cpf_cnpj = $2 WHERE id = $1', [owner.f, cnpj]);
    // A regime-normal branch (CRT 3): its own ICMS apuração (a Simples Nacional one books by CSOSN, ICMS zero).
    await tx.query(
      `INSERT INTO configuracao_nfe (empresa_id, filial_id, ambiente, regime_tributario, tipo_emissao, modo_impressao_danfe,
                                     serie_nfe, proximo_numero_nfe, serie_nfce, proximo_numero_nfce)
       VALUES ($1, $2, 2, 3, 1, 1, 1, 1, 1, 1)`,
      [owner.e, owner.f],
    );
    await tx.query(
      `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, uf, codigo_municipio, cep,
                           logradouro, numero, bairro, telefone, email)
       VALUES ($1, 2, $2, $3, '110042490114', 'SP', 3550308, '01310100', 'Avenida Paulista', '1000', 'Bela Vista',
               '1133334444', 'fiscal@empresa.com.br')`,
      [owner.e, `${prefixo}Filial fiscal`, cnpj],
    );
    await tx.query(
      `INSERT INTO contador (empresa_id, nome, cpf, crc, email, cep, logradouro, numero, bairro, uf, codigo_municipio)
       VALUES ($1, 'Carla Contadora', '52998224725', 'SP123456O8', 'carla@contab.com.br', '01001000', 'Praça da Sé', '10',
               'Sé', 'SP', 3550308)`,
      [owner.e],
    );
    const pessoa = async (
      tipo: number,
      nome: string,
      doc: string,
      ie: string,
      mun: number | null,
      uf: string,
    ) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, uf, codigo_municipio,
                               logradouro, numero, bairro)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'Rua das Flores', '25', 'Centro') RETURNING id::int AS id`,
          [owner.e, tipo, nome, doc, ie, uf, mun],
        )
      ).id;
    const cliente = await pessoa(
      0,
      `${prefixo}Mercado Bom Preço Ltda`,
      '04252011000110',
      '81123403',
      3304557,
      'RJ',
    );
    const fornecedor = await pessoa(
      1,
      `${prefixo}Distribuidora Sul Ltda`,
      '60746948000112',
      '0123456742',
      null,
      'PR',
    );
    const produto = async (codigo: string, descricao: string, ncm: string | null) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO produto (empresa_id, tipo_produto, descricao, codigo, unidade, ncm, custo, precoVenda)
           VALUES ($1, 0, $2, $3, 'UN', $4, 10, 20) RETURNING id::int AS id`.replace(
            'precoVenda',
            'preco_venda',
          ),
          [owner.e, descricao, codigo, ncm],
        )
      ).id;
    const cafe = await produto(`${prefixo}CAFE500`, 'Café torrado 500g', '09012100');
    const caneca = await produto(`${prefixo}CANECA`, 'Caneca de porcelana', null);
    const nota = async (numero: number, situacao: number, valor: number) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, destinatario_id, numero, serie, chave, data_emissao,
                                    valor_produtos, valor_frete, valor_desconto, valor_total, modalidade_frete, situacao)
           VALUES ($1, $2, 1, $3, $4, 1, $5, '2024-03-05T10:00:00-03:00', $6, 0, 0, $6, 9, $7) RETURNING id::int AS id`,
          [owner.e, owner.f, cliente, numero, chave('55', numero), valor, situacao],
        )
      ).id;
    const saida = await nota(101, 1, 200);
    await itens(tx, 'nota_fiscal_item', 'nota_fiscal_id', { id: saida, ...owner }, [
      {
        produtoId: cafe,
        codigo: 'CAFE500',
        descricao: 'Café torrado 500g',
        ncm: '09012100',
        cfop: '5102',
        unidade: 'UN',
        quantidade: 2,
        valorUnitario: 50,
        cst: '00',
        aliquota: 18,
      },
      {
        produtoId: caneca,
        codigo: 'CANECA',
        descricao: 'Caneca de porcelana',
        cfop: '5102',
        unidade: 'UN',
        quantidade: 1,
        valorUnitario: 100,
        cst: '00',
        aliquota: 18,
      },
    ]);
    await nota(102, 2, 50);
    const entrada = async (numero: number) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO nota_entrada (empresa_id, filial_id, fornecedor_id, chave, numero, serie, data_emissao, data_entrada,
                                     valor_produtos, valor_desconto, valor_frete, valor_total, situacao)
           VALUES ($1, $2, $3, $4, $5, 2, '2024-03-02', '2024-03-03', 120, 0, 0, 120, 'lancada') RETURNING id::int AS id`,
          [owner.e, owner.f, fornecedor, chave('55', numero), numero],
        )
      ).id;
    const compra = await entrada(555);
    await itens(tx, 'nota_entrada_item', 'nota_entrada_id', { id: compra, ...owner }, [
      {
        produtoId: cafe,
        codigo: 'F-001',
        descricao: 'CAFE TORRADO 500G',
        ncm: '09012100',
        cfop: '1102',
        unidade: 'UN',
        quantidade: 10,
        valorUnitario: 12,
        cst: '00',
        aliquota: 12,
        pis: ['50', 1.65, 1.98],
        cofins: ['50', 7.6, 9.12],
      },
    ]);
    await entrada(556);
    const cupom = await tx.one<{ id: number }>(
      `INSERT INTO cupom_fiscal (empresa_id, filial_id, numero, serie, chave, data_emissao, valor_total, valor_desconto, situacao)
       VALUES ($1, $2, 9001, 1, $3, '2024-03-06T15:30:00-03:00', 30, 0, 1) RETURNING id::int AS id`,
      [owner.e, owner.f, chave('65', 9001)],
    );
    await itens(tx, 'cupom_fiscal_item', 'cupom_fiscal_id', { id: cupom.id, ...owner }, [
      {
        produtoId: cafe,
        codigo: 'CAFE500',
        descricao: 'Café torrado 500g',
        ncm: '09012100',
        cfop: '5102',
        unidade: 'UN',
        quantidade: 1,
        valorUnitario: 30,
        cst: '00',
        aliquota: 18,
      },
    ]);
    return { empresaId: owner.e, filialId: owner.f, cnpj };
  });
}
