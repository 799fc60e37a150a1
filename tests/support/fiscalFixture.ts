import type { FakeSefaz } from '../../scripts/lib/fakeSefaz.ts';

/**
 * The fiscal register that the emission tests share, written by SQL as the system role: the emitente's pessoa
 * (the branch with IE in SP), tributação estadual and federal, CFOP 5102, a perfil tributário, a natureza de
 * operação, the branch's configuracao_nfe row and products of that perfil; and, through the API, the fake
 * SEFAZ's A1 certificate. Each piece is its own function so that a test can add what it needs around them;
 * `prepararEmissaoFiscal` runs them in the order the tests rely on.
 */

/** A query as the system role (every empresa): the tests' `system` helper, or a transaction's `tx.query`. */
export type SqlSistema = <T extends object>(sql: string, params?: unknown[]) => Promise<T[]>;
/** A request as the logged-in user that expects success and returns the JSON (the tests' `ok` / `api`). */
export type Requisicao = (method: string, url: string, payload?: unknown) => Promise<unknown>;

const umaLinha = async <T extends object>(system: SqlSistema, sql: string, params: unknown[]) =>
  (await system<T>(sql, params))[0]!;

/** The empresa and the selected filial of a seeded user (the demo administrator by default). */
export async function empresaDoUsuario(
  system: SqlSistema,
  email = 'demo@erp.local',
): Promise<{ empresaId: number; filialId: number }> {
  const usuario = await umaLinha<{ empresa_id: number; filial_id: number }>(
    system,
    `SELECT empresa_id::int AS empresa_id, filial_selecionada_id::int AS filial_id FROM usuario WHERE email = $1`,
    [email],
  );
  return { empresaId: usuario.empresa_id, filialId: usuario.filial_id };
}

/** One ICMS rule of a UF. */
export interface TributacaoEstadualOpcoes {
  uf: string;
  aliquotaIcms: number;
  /** The destination UF's internal rate, for the DIFAL to a não contribuinte (NULL when absent). */
  aliquotaInternaDestino?: number;
  /** The Fundo de Combate à Pobreza rate (NULL when absent). */
  aliquotaFcp?: number;
}

export interface PerfilTributarioOpcoes {
  /**
   * The ICMS rules (CST 00), written in this order; the first one is the perfil's. Default: SP at 18 %.
   * Rules of other UFs are what the engine picks for a destinatário in those UFs.
   */
  estaduais?: TributacaoEstadualOpcoes[];
  /** Appended to the descriptions ('PDV' → 'Revenda PDV'), to tell one caller's rows apart. */
  sufixo?: string;
}

export interface PerfilTributario {
  perfilTributarioId: number;
  /** The ids of `estaduais`, in order. */
  tributacaoEstadualIds: number[];
  tributacaoFederalId: number;
  cfopId: number;
}

/**
 * A perfil tributário of regime normal for the resale of goods: the tributações estaduais (CST 00), a
 * tributação federal (PIS 1,65 % and COFINS 7,6 %, CST 01, não cumulativo) and CFOP 5102.
 */
export async function cadastrarPerfilTributario(
  system: SqlSistema,
  empresaId: number,
  { estaduais = [{ uf: 'SP', aliquotaIcms: 18 }], sufixo }: PerfilTributarioOpcoes = {},
): Promise<PerfilTributario> {
  const descricao = (texto: string) => (sufixo ? `${texto} ${sufixo}` : texto);
  const tributacaoEstadualIds: number[] = [];
  for (const estadual of estaduais) {
    const row = await umaLinha<{ id: number }>(
      system,
      `INSERT INTO tributacao_estadual (empresa_id, descricao, uf, cst_icms, aliquota_icms, aliquota_interna_destino,
              aliquota_fcp)
       VALUES ($1, $2, $3, '00', $4, $5, $6) RETURNING id::int AS id`,
      [
        empresaId,
        descricao('Mercadoria tributada'),
        estadual.uf,
        estadual.aliquotaIcms,
        estadual.aliquotaInternaDestino ?? null,
        estadual.aliquotaFcp ?? null,
      ],
    );
    tributacaoEstadualIds.push(row.id);
  }
  const federal = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO tributacao_federal (empresa_id, descricao, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins)
     VALUES ($1, $2, '01', 1.65, '01', 7.6) RETURNING id::int AS id`,
    [empresaId, descricao('Não cumulativo')],
  );
  const cfop = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO cfop (empresa_id, codigo, descricao) VALUES ($1, '5102', 'Venda de mercadoria de terceiros') RETURNING id::int AS id`,
    [empresaId],
  );
  const perfil = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO perfil_tributario (empresa_id, descricao, cfop_id, tributacao_estadual_id, tributacao_federal_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [empresaId, descricao('Revenda'), cfop.id, tributacaoEstadualIds[0], federal.id],
  );
  return {
    perfilTributarioId: perfil.id,
    tributacaoEstadualIds,
    tributacaoFederalId: federal.id,
    cfopId: cfop.id,
  };
}

/**
 * The filial's fiscal pessoa, which the emission reads as the emitente: the filial's name and CNPJ (the
 * empresa's when the filial has none), contribuinte with IE in São Paulo, on Avenida Paulista.
 */
export async function cadastrarEmitente(
  system: SqlSistema,
  empresaId: number,
  filialId: number,
): Promise<void> {
  await system(
    `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, indicador_ie, uf, codigo_municipio,
            logradouro, numero, bairro, cep)
     SELECT $1, 2, f.nome, COALESCE(f.cpf_cnpj, e.cpf_cnpj), '148.235.611.119', 1, 'SP', 3550308, 'Avenida Paulista', '1000',
            'Bela Vista', '01310100'
       FROM filial f JOIN empresa e ON e.id = f.empresa_id WHERE f.id = $2`,
    [empresaId, filialId],
  );
}

/** A natureza de operação of a sale inside the state (saída, normal, presencial); returns its id. */
export async function cadastrarNaturezaOperacao(
  system: SqlSistema,
  empresaId: number,
  descricao = 'Venda de mercadoria',
): Promise<number> {
  const natureza = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO natureza_operacao (empresa_id, descricao, tipo_operacao, finalidade_nfe, destino_operacao, indicador_presenca)
     VALUES ($1, $2, 1, 1, 1, 1) RETURNING id::int AS id`,
    [empresaId, descricao],
  );
  return natureza.id;
}

/** The CSC of the fake SEFAZ's tests, which signs the NFC-e QR Code (version 2). */
export const CSC_DE_TESTE = { id: '000001', token: 'CSC-DE-TESTE-0123456789' } as const;

export interface ConfiguracaoNfeOpcoes {
  /** 1 produção, 2 homologação (default). */
  ambiente?: 1 | 2;
  /** CRT: 1 Simples Nacional, 2 Simples excesso de sublimite, 3 regime normal (default). */
  regimeTributario?: 1 | 2 | 3;
  /** Default 1. */
  serieNfe?: number;
  /** Default 1. */
  proximoNumeroNfe?: number;
  /** Default 2. */
  serieNfce?: number;
  /** Default 1. */
  proximoNumeroNfce?: number;
  /** The Código de Segurança do Contribuinte of the NFC-e; null leaves it blank. Default `CSC_DE_TESTE`. */
  csc?: { id: string; token: string } | null;
  /** Whether the notas carry the IBPT approximate taxes (Lei 12.741/2012). Default false. */
  informarTributosAproximados?: boolean;
}

/** The filial's configuracao_nfe row: normal emission (tpEmis 1), DANFE retrato, with `naturezaOperacaoId` as default. */
export async function configurarNfe(
  system: SqlSistema,
  empresa: { empresaId: number; filialId: number },
  naturezaOperacaoId: number,
  {
    ambiente = 2,
    regimeTributario = 3,
    serieNfe = 1,
    proximoNumeroNfe = 1,
    serieNfce = 2,
    proximoNumeroNfce = 1,
    csc = CSC_DE_TESTE,
    informarTributosAproximados = false,
  }: ConfiguracaoNfeOpcoes = {},
): Promise<void> {
  await system(
    `INSERT INTO configuracao_nfe (empresa_id, filial_id, ambiente, regime_tributario, tipo_emissao, modo_impressao_danfe,
            natureza_operacao_id, serie_nfe, proximo_numero_nfe, serie_nfce, proximo_numero_nfce, csc_id, csc_token,
            informar_tributos_aproximados)
     VALUES ($1, $2, $3, $4, 1, 1, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      empresa.empresaId,
      empresa.filialId,
      ambiente,
      regimeTributario,
      naturezaOperacaoId,
      serieNfe,
      proximoNumeroNfe,
      serieNfce,
      proximoNumeroNfce,
      csc?.id ?? null,
      csc?.token ?? null,
      informarTributosAproximados,
    ],
  );
}

export interface ProdutoFiscal {
  descricao: string;
  codigo: string;
  ncm: string;
  codigoBarras?: string;
  precoVenda?: number;
}

/** The beer most emission tests sell (NCM 2203.00.00). */
export const CERVEJA: ProdutoFiscal = {
  descricao: 'Cerveja Pilsen 350 ml',
  codigo: 'CERV350',
  ncm: '2203.00.00',
};

/** A product sold by the unit, of national origin, under `perfilTributarioId`; returns its id. */
export async function cadastrarProduto(
  system: SqlSistema,
  empresaId: number,
  perfilTributarioId: number,
  produto: ProdutoFiscal,
): Promise<number> {
  const row = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO produto (empresa_id, descricao, codigo, codigo_barras, unidade, ncm, origem, perfil_tributario_id,
            preco_venda)
     VALUES ($1, $2, $3, $4, 'UN', $5, 0, $6, $7) RETURNING id::int AS id`,
    [
      empresaId,
      produto.descricao,
      produto.codigo,
      produto.codigoBarras ?? null,
      produto.ncm,
      perfilTributarioId,
      produto.precoVenda ?? null,
    ],
  );
  return row.id;
}

/** A contribuinte in Campinas (SP) with IE and e-mail, the destinatário of the NF-e tests; returns its id. */
export async function cadastrarClientePaulista(system: SqlSistema, empresaId: number): Promise<number> {
  const cliente = await umaLinha<{ id: number }>(
    system,
    `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, indicador_ie, uf, codigo_municipio,
            logradouro, numero, bairro, cep, email)
     VALUES ($1, 0, 'Cliente Paulista Ltda', '19827364000178', '335.127.905.119', 1, 'SP', 3509502, 'Rua A', '1', 'Centro', '13010000',
             'compras@clientepaulista.example')
     RETURNING id::int AS id`,
    [empresaId],
  );
  return cliente.id;
}

/** Uploads the fake SEFAZ's A1 certificate (issued for the demo company's CNPJ) as the logged-in user. */
export async function enviarCertificadoA1(
  request: Requisicao,
  fake: FakeSefaz,
  senha = 's3nha',
): Promise<void> {
  await request('POST', '/api/CertificadosDigitais', {
    arquivo: fake.emitirCertificadoA1({ senha }).toString('base64'),
    senha,
  });
}

export interface EmissaoFiscalOpcoes extends PerfilTributarioOpcoes {
  /** The user whose empresa and selected filial are set up. Default the demo administrator. */
  email?: string;
  /** The default natureza de operação's description. Default 'Venda de mercadoria'. */
  natureza?: string;
  configuracao?: ConfiguracaoNfeOpcoes;
  /** Products under the perfil, created in this order. */
  produtos?: ProdutoFiscal[];
}

export interface EmissaoFiscal extends PerfilTributario {
  empresaId: number;
  filialId: number;
  naturezaOperacaoId: number;
  /** The ids of `produtos`, in order. */
  produtoIds: number[];
}

/**
 * A filial ready to emit NF-e and NFC-e: the perfil tributário, the emitente, the natureza de operação, the
 * configuracao_nfe row and the products, in that order. The A1 certificate is left to `enviarCertificadoA1`.
 */
export async function prepararEmissaoFiscal(
  system: SqlSistema,
  { email, natureza, configuracao, produtos = [], ...perfilOpcoes }: EmissaoFiscalOpcoes = {},
): Promise<EmissaoFiscal> {
  const empresa = await empresaDoUsuario(system, email);
  const perfil = await cadastrarPerfilTributario(system, empresa.empresaId, perfilOpcoes);
  await cadastrarEmitente(system, empresa.empresaId, empresa.filialId);
  const naturezaOperacaoId = await cadastrarNaturezaOperacao(system, empresa.empresaId, natureza);
  await configurarNfe(system, empresa, naturezaOperacaoId, configuracao);
  const produtoIds: number[] = [];
  for (const produto of produtos) {
    produtoIds.push(await cadastrarProduto(system, empresa.empresaId, perfil.perfilTributarioId, produto));
  }
  return { ...empresa, ...perfil, naturezaOperacaoId, produtoIds };
}
