import { isValidChaveAcesso } from '../../../core/chaveAcesso.ts';
import { problemaInscricaoEstadual, UF_POR_CODIGO_IBGE } from '../../../core/fiscal/inscricaoEstadual.ts';
import { isValidCpfCnpj } from '../../../core/isValidCpfCnpj.ts';
import {
  campoSintegra,
  LEIAUTES_SINTEGRA,
  leiauteDaLinha,
  problemaCampoSintegra,
} from './leiauteSintegra.ts';
import { validarRessarcimentoSt } from './validadorRessarcimentoSt.ts';
import { validarSubstituicao } from './validadorSubstituicao.ts';

/**
 * The in-product validator of the fiscal files, run on every file before it is offered: the layout of each
 * SPED register (Guia Prático EFD ICMS/IPI 3.1.x, Capítulo III) and Sintegra record (Convênio ICMS 57/95)
 * kept as data, hierarchy, block and file totals, check digits (CNPJ, CPF, chave), cross-references and the
 * sums an accountant's validator checks. Errors make the PVA reject the file; advertências do not.
 */
export interface ProblemaArquivo {
  tipo: 'erro' | 'advertencia';
  /** The tipo as the user reads it. */
  gravidade?: 'Erro' | 'Advertência';
  registro: string;
  /** 1-based line of the file; 0 for a problem of the whole file. */
  linha: number;
  campo: string;
  mensagem: string;
  correcao: string;
}

/**
 * One field of a SPED register: `NAME:TYPE` with TYPE C<max> (text up to max), N<len> (exactly len digits),
 * N (digits), V<dec> (number with dec decimals), D (DDMMAAAA); suffix `!` required, `~` required in perfis
 * A and B. The register name (REG) is not listed.
 */
const LEIAUTE_SPED: Record<string, string[]> = {
  '0000':
    'COD_VER:N3! COD_FIN:N1! DT_INI:D! DT_FIN:D! NOME:C100! CNPJ:N14 CPF:N11 UF:C2! IE:C14! COD_MUN:N7! IM:C SUFRAMA:C9 IND_PERFIL:C1! IND_ATIV:N1!'.split(
      ' ',
    ),
  '0001': ['IND_MOV:N1!'],
  '0005': 'FANTASIA:C60! CEP:N8! END:C60! NUM:C10 COMPL:C60 BAIRRO:C60! FONE:C11 FAX:C11 EMAIL:C'.split(' '),
  '0100':
    'NOME:C100! CPF:N11! CRC:C15! CNPJ:N14 CEP:N8 END:C60 NUM:C10 COMPL:C60 BAIRRO:C60 FONE:C11 FAX:C11 EMAIL:C! COD_MUN:N7!'.split(
      ' ',
    ),
  '0150':
    'COD_PART:C60! NOME:C100! COD_PAIS:N5! CNPJ:N14 CPF:N11 IE:C14 COD_MUN:N7 SUFRAMA:C9 END:C60! NUM:C10 COMPL:C60 BAIRRO:C60'.split(
      ' ',
    ),
  '0190': ['UNID:C6!', 'DESCR:C!'],
  '0200':
    'COD_ITEM:C60! DESCR_ITEM:C! COD_BARRA:C COD_ANT_ITEM:C60 UNID_INV:C6! TIPO_ITEM:N2! COD_NCM:C8 EX_IPI:C3 COD_GEN:N2 COD_LST:C5 ALIQ_ICMS:V2 CEST:N7'.split(
      ' ',
    ),
  '0500': 'DT_ALT:D! COD_NAT_CC:C2! IND_CTA:C1! NIVEL:N! COD_CTA:C60! NOME_CTA:C60!'.split(' '),
  '0990': ['QTD_LIN_0:N!'],
  B001: ['IND_DAD:N1!'],
  B990: ['QTD_LIN_B:N!'],
  C001: ['IND_MOV:N1!'],
  C100: 'IND_OPER:C1! IND_EMIT:C1! COD_PART:C60 COD_MOD:C2! COD_SIT:N2! SER:C3 NUM_DOC:N! CHV_NFE:N44 DT_DOC:D! DT_E_S:D VL_DOC:V2! IND_PGTO:C1! VL_DESC:V2 VL_ABAT_NT:V2 VL_MERC:V2 IND_FRT:C1! VL_FRT:V2 VL_SEG:V2 VL_OUT_DA:V2 VL_BC_ICMS:V2 VL_ICMS:V2 VL_BC_ICMS_ST:V2 VL_ICMS_ST:V2 VL_IPI:V2 VL_PIS:V2 VL_COFINS:V2 VL_PIS_ST:V2 VL_COFINS_ST:V2'.split(
    ' ',
  ),
  C101: ['VL_FCP_UF_DEST:V2!', 'VL_ICMS_UF_DEST:V2!', 'VL_ICMS_UF_REM:V2!'],
  C170: 'NUM_ITEM:N! COD_ITEM:C60! DESCR_COMPL:C QTD:V5! UNID:C6! VL_ITEM:V2! VL_DESC:V2 IND_MOV:C1! CST_ICMS:N3! CFOP:N4! COD_NAT:C10 VL_BC_ICMS:V2 ALIQ_ICMS:V2 VL_ICMS:V2 VL_BC_ICMS_ST:V2 ALIQ_ST:V2 VL_ICMS_ST:V2 IND_APUR:C1 CST_IPI:C2 COD_ENQ:C3 VL_BC_IPI:V2 ALIQ_IPI:V2 VL_IPI:V2 CST_PIS:N2 VL_BC_PIS:V2 ALIQ_PIS:V4 QUANT_BC_PIS:V3 ALIQ_PIS_QUANT:V4 VL_PIS:V2 CST_COFINS:N2 VL_BC_COFINS:V2 ALIQ_COFINS:V4 QUANT_BC_COFINS:V3 ALIQ_COFINS_QUANT:V4 VL_COFINS:V2 COD_CTA:C VL_ABAT_NT:V2'.split(
    ' ',
  ),
  // Ressarcimento, restituição and complementação of ICMS-ST (Guia Prático 3.1.8, Bloco C): written only where
  // the UF's legislation asks for them; validated here for files completed in other software.
  C176: 'COD_MOD_ULT_E:C2! NUM_DOC_ULT_E:N! SER_ULT_E:C3 DT_ULT_E:D! COD_PART_ULT_E:C60! QUANT_ULT_E:V3! VL_UNIT_ULT_E:V3! VL_UNIT_BC_ST:V3! CHAVE_NFE_ULT_E:N44 NUM_ITEM_ULT_E:N VL_UNIT_BC_ICMS_ULT_E:V2! ALIQ_ICMS_ULT_E:V2! VL_UNIT_LIMITE_BC_ICMS_ULT_E:V2! VL_UNIT_ICMS_ULT_E:V3! ALIQ_ST_ULT_E:V2 VL_UNIT_RES:V3 COD_RESP_RET:N1 COD_MOT_RES:N1 CHAVE_NFE_RET:N44 COD_PART_NFE_RET:C60 SER_NFE_RET:C3 NUM_NFE_RET:N ITEM_NFE_RET:N COD_DA:C1 NUM_DA:C VL_UNIT_RES_FCP_ST:V3'.split(
    ' ',
  ),
  C180: 'COD_RESP_RET:N1! QUANT_CONV:V6! UNID:C6! VL_UNIT_CONV:V6! VL_UNIT_ICMS_OP_CONV:V6! VL_UNIT_BC_ICMS_ST_CONV:V6! VL_UNIT_ICMS_ST_CONV:V6! VL_UNIT_FCP_ST_CONV:V6 COD_DA:C1 NUM_DA:C'.split(
    ' ',
  ),
  C181: 'COD_MOT_REST_COMPL:C5! QUANT_CONV:V6! UNID:C6! COD_MOD_SAIDA:C2! SERIE_SAIDA:C3 ECF_FAB_SAIDA:C21 NUM_DOC_SAIDA:N CHV_DFE_SAIDA:N44 DT_DOC_SAIDA:D! NUM_ITEM_SAIDA:N VL_UNIT_CONV_SAIDA:V6 VL_UNIT_ICMS_OP_ESTOQUE_CONV_SAIDA:V6 VL_UNIT_ICMS_ST_ESTOQUE_CONV_SAIDA:V6 VL_UNIT_FCP_ICMS_ST_ESTOQUE_CONV_SAIDA:V6 VL_UNIT_ICMS_NA_OPERACAO_CONV_SAIDA:V6 VL_UNIT_ICMS_OP_CONV_SAIDA:V6 VL_UNIT_ICMS_ST_CONV_REST:V6 VL_UNIT_FCP_ST_CONV_REST:V6 VL_UNIT_ICMS_ST_CONV_COMPL:V6 VL_UNIT_FCP_ST_CONV_COMPL:V6'.split(
    ' ',
  ),
  C185: 'NUM_ITEM:N! COD_ITEM:C60! CST_ICMS:N3! CFOP:N4! COD_MOT_REST_COMPL:C5! QUANT_CONV:V6! UNID:C6! VL_UNIT_CONV:V6! VL_UNIT_ICMS_NA_OPERACAO_CONV:V6 VL_UNIT_ICMS_OP_CONV:V6 VL_UNIT_ICMS_OP_ESTOQUE_CONV:V6 VL_UNIT_ICMS_ST_ESTOQUE_CONV:V6 VL_UNIT_FCP_ICMS_ST_ESTOQUE_CONV:V6 VL_UNIT_ICMS_ST_CONV_REST:V6 VL_UNIT_FCP_ST_CONV_REST:V6 VL_UNIT_ICMS_ST_CONV_COMPL:V6 VL_UNIT_FCP_ST_CONV_COMPL:V6'.split(
    ' ',
  ),
  C186: 'NUM_ITEM:N! COD_ITEM:C60! CST_ICMS:N3 CFOP:N4! COD_MOT_REST_COMPL:C5! QUANT_CONV:V6! UNID:C6! COD_MOD_ENTRADA:C2! SERIE_ENTRADA:C3 NUM_DOC_ENTRADA:N CHV_DFE_ENTRADA:N44 DT_DOC_ENTRADA:D! NUM_ITEM_ENTRADA:N! VL_UNIT_CONV_ENTRADA:V6 VL_UNIT_ICMS_OP_CONV_ENTRADA:V6 VL_UNIT_BC_ICMS_ST_CONV_ENTRADA:V6 VL_UNIT_ICMS_ST_CONV_ENTRADA:V6 VL_UNIT_FCP_ST_CONV_ENTRADA:V6'.split(
    ' ',
  ),
  C190: 'CST_ICMS:N3! CFOP:N4! ALIQ_ICMS:V2 VL_OPR:V2! VL_BC_ICMS:V2! VL_ICMS:V2! VL_BC_ICMS_ST:V2! VL_ICMS_ST:V2! VL_RED_BC:V2! VL_IPI:V2 COD_OBS:C6'.split(
    ' ',
  ),
  C990: ['QTD_LIN_C:N!'],
  D001: ['IND_MOV:N1!'],
  D990: ['QTD_LIN_D:N!'],
  E001: ['IND_MOV:N1!'],
  E100: ['DT_INI:D!', 'DT_FIN:D!'],
  E110: 'VL_TOT_DEBITOS:V2! VL_AJ_DEBITOS:V2! VL_TOT_AJ_DEBITOS:V2! VL_ESTORNOS_CRED:V2! VL_TOT_CREDITOS:V2! VL_AJ_CREDITOS:V2! VL_TOT_AJ_CREDITOS:V2! VL_ESTORNOS_DEB:V2! VL_SLD_CREDOR_ANT:V2! VL_SLD_APURADO:V2! VL_TOT_DED:V2! VL_ICMS_RECOLHER:V2! VL_SLD_CREDOR_TRANSPORTAR:V2! DEB_ESP:V2!'.split(
    ' ',
  ),
  E116: 'COD_OR:C3! VL_OR:V2! DT_VCTO:D! COD_REC:C! NUM_PROC:C15 IND_PROC:C1 PROC:C TXT_COMPL:C MES_REF:N6!'.split(
    ' ',
  ),
  E200: ['UF:C2!', 'DT_INI:D!', 'DT_FIN:D!'],
  E210: 'IND_MOV_ST:C1! VL_SLD_CRED_ANT_ST:V2! VL_DEVOL_ST:V2! VL_RESSARC_ST:V2! VL_OUT_CRED_ST:V2! VL_AJ_CREDITOS_ST:V2! VL_RETENCAO_ST:V2! VL_OUT_DEB_ST:V2! VL_AJ_DEBITOS_ST:V2! VL_SLD_DEV_ANT_ST:V2! VL_DEDUCOES_ST:V2! VL_ICMS_RECOL_ST:V2! VL_SLD_CRED_ST_TRANSPORTAR:V2! DEB_ESP_ST:V2!'.split(
    ' ',
  ),
  E250: 'COD_OR:C3! VL_OR:V2! DT_VCTO:D! COD_REC:C! NUM_PROC:C15 IND_PROC:C1 PROC:C TXT_COMPL:C MES_REF:N6!'.split(
    ' ',
  ),
  E300: ['UF:C2!', 'DT_INI:D!', 'DT_FIN:D!'],
  E310: 'IND_MOV_FCP_DIFAL:C1! VL_SLD_CRED_ANT_DIFAL:V2! VL_TOT_DEBITOS_DIFAL:V2! VL_OUT_DEB_DIFAL:V2! VL_TOT_CREDITOS_DIFAL:V2! VL_OUT_CRED_DIFAL:V2! VL_SLD_DEV_ANT_DIFAL:V2! VL_DEDUCOES_DIFAL:V2! VL_RECOL_DIFAL:V2! VL_SLD_CRED_TRANSPORTAR_DIFAL:V2! DEB_ESP_DIFAL:V2! VL_SLD_CRED_ANT_FCP:V2! VL_TOT_DEB_FCP:V2! VL_OUT_DEB_FCP:V2! VL_TOT_CRED_FCP:V2! VL_OUT_CRED_FCP:V2! VL_SLD_DEV_ANT_FCP:V2! VL_DEDUCOES_FCP:V2! VL_RECOL_FCP:V2! VL_SLD_CRED_TRANSPORTAR_FCP:V2! DEB_ESP_FCP:V2!'.split(
    ' ',
  ),
  E316: 'COD_OR:C3! VL_OR:V2! DT_VCTO:D! COD_REC:C! NUM_PROC:C15 IND_PROC:C1 PROC:C TXT_COMPL:C MES_REF:N6!'.split(
    ' ',
  ),
  E990: ['QTD_LIN_E:N!'],
  G001: ['IND_MOV:N1!'],
  G990: ['QTD_LIN_G:N!'],
  H001: ['IND_MOV:N1!'],
  H005: ['DT_INV:D!', 'VL_INV:V2!', 'MOT_INV:N2!'],
  H010: 'COD_ITEM:C60! UNID:C6! QTD:V3! VL_UNIT:V6! VL_ITEM:V2! IND_PROP:C1! COD_PART:C60 TXT_COMPL:C COD_CTA:C~ VL_ITEM_IR:V2'.split(
    ' ',
  ),
  H990: ['QTD_LIN_H:N!'],
  K001: ['IND_MOV:N1!'],
  K010: ['IND_TP_LEIAUTE:N1!'],
  K100: ['DT_INI:D!', 'DT_FIN:D!'],
  K200: 'DT_EST:D! COD_ITEM:C60! QTD:V3! IND_EST:C1! COD_PART:C60'.split(' '),
  K990: ['QTD_LIN_K:N!'],
  '1001': ['IND_MOV:N1!'],
  '1010':
    'IND_EXP IND_CCRF IND_COMB IND_USINA IND_VA IND_EE IND_CART IND_FORM IND_AER IND_GIAF1 IND_GIAF3 IND_GIAF4 IND_REST_RESSARC_COMPL_ICMS'
      .split(' ')
      .map((nome) => `${nome}:C1!`),
  '1990': ['QTD_LIN_1:N!'],
  '9001': ['IND_MOV:N1!'],
  '9900': ['REG_BLC:C4!', 'QTD_REG_BLC:N!'],
  '9990': ['QTD_LIN_9:N!'],
  '9999': ['QTD_LIN:N!'],
};

interface Campo {
  nome: string;
  tipo: 'C' | 'N' | 'V' | 'D';
  tamanho: number | null;
  obrigatorio: 'sempre' | 'perfilAB' | 'nao';
}

const campoDe = (spec: string): Campo => {
  const [nome, def = 'C'] = spec.split(':') as [string, string?];
  const match = /^([CNVD])(\d*)([!~]?)$/.exec(def);
  if (!match) throw new Error(`Leiaute inválido: ${spec}`);
  return {
    nome,
    tipo: match[1] as Campo['tipo'],
    tamanho: match[2] ? Number(match[2]) : null,
    obrigatorio: match[3] === '!' ? 'sempre' : match[3] === '~' ? 'perfilAB' : 'nao',
  };
};

/** The SPED layouts, parsed once. */
export const LEIAUTES_SPED: ReadonlyMap<string, Campo[]> = new Map(
  Object.entries(LEIAUTE_SPED).map(([registro, campos]) => [registro, campos.map(campoDe)]),
);

/** Registers a child must follow (its parent is the nearest register outside its own family). */
const PAI: Record<string, string> = {
  C101: 'C100',
  C170: 'C100',
  C176: 'C170',
  C180: 'C170',
  C181: 'C170',
  C185: 'C100',
  C186: 'C100',
  C190: 'C100',
  H010: 'H005',
  E110: 'E100',
  E116: 'E110',
  E210: 'E200',
  E250: 'E210',
  E310: 'E300',
  E316: 'E310',
  K200: 'K100',
};
/** Registers inside a C100 (children and grandchildren): the document's sums close on any other. */
const DENTRO_C100 = ['C101', 'C170', 'C176', 'C180', 'C181', 'C185', 'C186', 'C190'];
const FILHOS: Record<string, string[]> = {
  C100: DENTRO_C100,
  C170: ['C176', 'C180', 'C181'],
  E200: ['E210', 'E250'],
  E210: ['E250'],
  E300: ['E310', 'E316'],
  E310: ['E316'],
  H005: ['H010'],
  E100: ['E110', 'E116'],
  E110: ['E116'],
  K100: ['K200'],
};

const dataValida = (ddmmaaaa: string): boolean => {
  if (!/^\d{8}$/.test(ddmmaaaa)) return false;
  const iso = `${ddmmaaaa.slice(4)}-${ddmmaaaa.slice(2, 4)}-${ddmmaaaa.slice(0, 2)}`;
  const data = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(data.getTime()) && data.toISOString().startsWith(iso);
};
const isoDe = (ddmmaaaa: string) => `${ddmmaaaa.slice(4)}${ddmmaaaa.slice(2, 4)}${ddmmaaaa.slice(0, 2)}`;
const valor = (texto: string | undefined) => Number((texto ?? '').replace(',', '.')) || 0;
const igual = (a: number, b: number) => Math.abs(a - b) < 0.005;
const brl = (n: number) => n.toFixed(2).replace('.', ',');

function formatoCampo(campo: Campo, texto: string): string | null {
  if (texto === '') return null;
  if (campo.tipo === 'D') return dataValida(texto) ? null : 'data inválida (use DDMMAAAA)';
  if (campo.tipo === 'N') {
    if (!/^\d+$/.test(texto)) return 'deve ter só dígitos';
    if (campo.tamanho !== null && texto.length !== campo.tamanho) return `deve ter ${campo.tamanho} dígitos`;
    return null;
  }
  if (campo.tipo === 'V') {
    const decimais = campo.tamanho ?? 2;
    const padrao = decimais === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(,\\d{1,${decimais}})?$`);
    return padrao.test(texto) ? null : `número inválido (vírgula decimal, até ${decimais} casas)`;
  }
  if (campo.tamanho !== null && texto.length > campo.tamanho)
    return `tem mais de ${campo.tamanho} caracteres`;
  return null;
}

/** Validates an EFD ICMS/IPI file given as its lines (without CRLF). */
export function validarSped(linhas: string[]): ProblemaArquivo[] {
  const problemas: ProblemaArquivo[] = [];
  const erro = (registro: string, linha: number, campo: string, mensagem: string, correcao: string) =>
    problemas.push({ tipo: 'erro', registro, linha, campo, mensagem, correcao });
  const advertencia = (registro: string, linha: number, campo: string, mensagem: string, correcao: string) =>
    problemas.push({ tipo: 'advertencia', registro, linha, campo, mensagem, correcao });

  const registros = linhas.map((texto) => texto.split('|').slice(1, -1));
  const cabeca = registros[0] ?? [];
  const perfil = cabeca[13] ?? '';
  const dtIni = cabeca[3] ?? '';
  const dtFin = cabeca[4] ?? '';
  const porRegistro = new Map<string, number>();
  const porBloco = new Map<string, number>();
  const codigos = {
    participantes: new Set<string>(),
    unidades: new Set<string>(),
    itens: new Set<string>(),
    contas: new Set<string>(),
  };
  for (const campos of registros) {
    const reg = campos[0] ?? '';
    if (reg === '0150') codigos.participantes.add(campos[1] ?? '');
    if (reg === '0190') codigos.unidades.add(campos[1] ?? '');
    if (reg === '0200') codigos.itens.add(campos[1] ?? '');
    if (reg === '0500') codigos.contas.add(campos[5] ?? '');
  }

  if (cabeca[0] !== '0000')
    erro('0000', 1, 'REG', 'O arquivo não começa pelo registro 0000.', 'Gere o arquivo novamente.');

  /** DT_FIN of the K100 the K200 that follow belong to. */
  let k100Fim = '';
  let c100: {
    linha: number;
    campos: string[];
    icms: number;
    base: number;
    opr: number;
    itens: number;
    temItens: boolean;
    /** ICMS per CST/CFOP/alíquota of the items (C170) and of the analytic lines (C190). */
    porChave: Map<string, { itens: number; analitico: number; linha: number }>;
  } | null = null;
  const fecharC100 = () => {
    if (!c100) return;
    const { campos, linha } = c100;
    if (['00', '01', '06', '07', '08'].includes(campos[5] ?? '')) {
      if (!igual(valor(campos[21]), c100.icms))
        erro(
          'C100',
          linha,
          'VL_ICMS',
          `VL_ICMS (${campos[21]}) difere da soma dos C190 (${brl(c100.icms)}).`,
          'Confira o ICMS dos itens do documento.',
        );
      if (!igual(valor(campos[20]), c100.base))
        erro(
          'C100',
          linha,
          'VL_BC_ICMS',
          `VL_BC_ICMS (${campos[20]}) difere da soma dos C190 (${brl(c100.base)}).`,
          'Confira a base de cálculo dos itens do documento.',
        );
      if (!igual(valor(campos[11]), c100.opr))
        advertencia(
          'C100',
          linha,
          'VL_DOC',
          `VL_DOC (${campos[11]}) difere da soma de VL_OPR dos C190 (${brl(c100.opr)}).`,
          'Confira o total do documento, o frete, o IPI e o ICMS-ST.',
        );
      if (c100.temItens && !igual(valor(campos[15]), c100.itens))
        advertencia(
          'C100',
          linha,
          'VL_MERC',
          `VL_MERC (${campos[15]}) difere da soma de VL_ITEM dos C170 (${brl(c100.itens)}).`,
          'Confira os valores dos itens do documento.',
        );
    }
    if (c100.temItens)
      for (const [chave, soma] of c100.porChave)
        if (!igual(soma.itens, soma.analitico))
          erro(
            'C190',
            soma.linha || linha,
            'VL_ICMS',
            `ICMS do C190 ${chave.replaceAll('|', '/')} (${brl(soma.analitico)}) difere da soma dos C170 (${brl(soma.itens)}).`,
            'Confira o CST, o CFOP, a alíquota e o ICMS dos itens do documento.',
          );
    c100 = null;
  };
  let debitos = 0;
  let creditos = 0;
  let h005: { linha: number; total: number; soma: number } | null = null;
  const fecharH005 = () => {
    if (h005 && !igual(h005.total, h005.soma))
      erro(
        'H005',
        h005.linha,
        'VL_INV',
        `VL_INV (${brl(h005.total)}) difere da soma dos H010 (${brl(h005.soma)}).`,
        'Gere o inventário novamente.',
      );
    h005 = null;
  };
  let e110: { linha: number; campos: string[] } | null = null;
  let somaE116 = 0;

  registros.forEach((campos, index) => {
    const linha = index + 1;
    const texto = linhas[index] ?? '';
    const reg = campos[0] ?? '';
    if (!texto.startsWith('|') || !texto.endsWith('|')) {
      erro(reg || '?', linha, 'REG', 'A linha não começa e termina com "|".', 'Gere o arquivo novamente.');
      return;
    }
    porRegistro.set(reg, (porRegistro.get(reg) ?? 0) + 1);
    porBloco.set(reg.charAt(0), (porBloco.get(reg.charAt(0)) ?? 0) + 1);
    const leiaute = LEIAUTES_SPED.get(reg);
    if (!leiaute) {
      erro(reg, linha, 'REG', `Registro ${reg} desconhecido.`, 'Gere o arquivo novamente.');
      return;
    }
    if (campos.length !== leiaute.length + 1) {
      erro(
        reg,
        linha,
        'REG',
        `O registro tem ${campos.length - 1} campos; o leiaute pede ${leiaute.length}.`,
        'Gere o arquivo novamente.',
      );
      return;
    }
    const cancelado = reg === 'C100' && ['02', '03', '04', '05'].includes(campos[5] ?? '');
    leiaute.forEach((campo, i) => {
      const conteudo = campos[i + 1] ?? '';
      const exigido =
        campo.obrigatorio === 'sempre' ||
        (campo.obrigatorio === 'perfilAB' && (perfil === 'A' || perfil === 'B'));
      // Exceção 1 of C100: a cancelled document carries only the identification fields.
      const identificacao = ['IND_OPER', 'IND_EMIT', 'COD_MOD', 'COD_SIT', 'SER', 'NUM_DOC', 'CHV_NFE'];
      if (cancelado && !identificacao.includes(campo.nome)) {
        if (conteudo !== '')
          erro(
            reg,
            linha,
            campo.nome,
            'Documento cancelado com campo que deve ficar vazio.',
            'Gere o arquivo novamente.',
          );
        return;
      }
      if (conteudo === '' && exigido) {
        erro(
          reg,
          linha,
          campo.nome,
          `Campo obrigatório ${campo.nome} vazio${campo.obrigatorio === 'perfilAB' ? ` (obrigatório no perfil ${perfil})` : ''}.`,
          correcaoCampo(reg, campo.nome),
        );
        return;
      }
      const formato = formatoCampo(campo, conteudo);
      if (formato)
        erro(
          reg,
          linha,
          campo.nome,
          `${campo.nome} ${formato}: "${conteudo}".`,
          correcaoCampo(reg, campo.nome),
        );
    });

    const pai = PAI[reg];
    if (pai) {
      let anterior = index - 1;
      while (anterior >= 0 && FILHOS[pai]?.includes(registros[anterior]?.[0] ?? '')) anterior--;
      if (registros[anterior]?.[0] !== pai)
        erro(
          reg,
          linha,
          'REG',
          `Registro ${reg} fora da hierarquia: deve vir depois de um ${pai}.`,
          'Gere o arquivo novamente.',
        );
    }
    if (!DENTRO_C100.includes(reg)) fecharC100();
    if (reg !== 'H010') fecharH005();

    switch (reg) {
      case '0000':
        if (campos[6] && !isValidCpfCnpj(campos[6]))
          erro(
            reg,
            linha,
            'CNPJ',
            `CNPJ ${campos[6]} com dígito verificador inválido.`,
            'Corrija o CNPJ da filial.',
          );
        if (
          dataValida(dtIni) &&
          dataValida(dtFin) &&
          (isoDe(dtIni) > isoDe(dtFin) || dtIni.slice(2) !== dtFin.slice(2))
        )
          erro(reg, linha, 'DT_FIN', 'O período deve estar dentro de um único mês.', 'Escolha um mês.');
        if (campos[9]) {
          const problema = problemaInscricaoEstadual(campos[9], campos[8]);
          if (problema)
            erro(
              reg,
              linha,
              'IE',
              `IE ${campos[9]} da filial: ${problema}.`,
              'Corrija a inscrição estadual e a UF da pessoa do tipo Filial.',
            );
        }
        break;
      case '0100':
        if (campos[2] && !isValidCpfCnpj(campos[2]))
          erro(
            reg,
            linha,
            'CPF',
            `CPF do contador ${campos[2]} com dígito verificador inválido.`,
            'Corrija o CPF em Contábil › Contadores.',
          );
        if (campos[4] && !isValidCpfCnpj(campos[4]))
          erro(
            reg,
            linha,
            'CNPJ',
            `CNPJ do escritório ${campos[4]} com dígito verificador inválido.`,
            'Corrija o CNPJ em Contábil › Contadores.',
          );
        break;
      case '0150': {
        const documento = campos[4] || campos[5];
        if (documento && !isValidCpfCnpj(documento))
          erro(
            reg,
            linha,
            campos[4] ? 'CNPJ' : 'CPF',
            `CPF/CNPJ ${documento} do participante ${campos[2]} com dígito verificador inválido.`,
            'Corrija o CPF/CNPJ no cadastro da pessoa.',
          );
        if (campos[3] === '01058' && !documento)
          erro(
            reg,
            linha,
            'CNPJ',
            `Participante ${campos[2]} do Brasil sem CNPJ nem CPF.`,
            'Informe o CPF/CNPJ no cadastro da pessoa.',
          );
        if (campos[6] && campos[7]) {
          const problema = problemaInscricaoEstadual(campos[6], UF_POR_CODIGO_IBGE[campos[7].slice(0, 2)]);
          if (problema)
            erro(
              reg,
              linha,
              'IE',
              `IE ${campos[6]} do participante ${campos[2]}: ${problema}.`,
              'Corrija a inscrição estadual (ou a cidade) no cadastro da pessoa.',
            );
        }
        if (campos[3] === '01058' && !campos[7])
          erro(
            reg,
            linha,
            'COD_MUN',
            `Participante ${campos[2]} sem município (código IBGE).`,
            'Informe a cidade no cadastro da pessoa.',
          );
        break;
      }
      case '0200':
        if (campos[5] && !codigos.unidades.has(campos[5]))
          erro(
            reg,
            linha,
            'UNID_INV',
            `Unidade ${campos[5]} sem registro 0190.`,
            'Gere o arquivo novamente.',
          );
        break;
      case 'C100': {
        c100 = { linha, campos, icms: 0, base: 0, opr: 0, itens: 0, temItens: false, porChave: new Map() };
        if (cancelado) break;
        if (campos[4] === '55' && !campos[3])
          erro(
            reg,
            linha,
            'COD_PART',
            `NF-e ${campos[7]} sem participante.`,
            'Informe o destinatário/remetente na nota.',
          );
        if (campos[3] && !codigos.participantes.has(campos[3]))
          erro(
            reg,
            linha,
            'COD_PART',
            `Participante ${campos[3]} sem registro 0150.`,
            'Gere o arquivo novamente.',
          );
        if (dataValida(campos[9] ?? '') && dataValida(dtFin) && isoDe(campos[9] ?? '') > isoDe(dtFin))
          erro(
            reg,
            linha,
            'DT_DOC',
            `Data do documento ${campos[9]} depois do fim do período.`,
            'Confira a data de emissão da nota.',
          );
        if (
          campos[10] &&
          dataValida(campos[10]) &&
          dataValida(dtIni) &&
          (isoDe(campos[10]) > isoDe(dtFin) || isoDe(campos[10]) < isoDe(dtIni))
        )
          erro(
            reg,
            linha,
            'DT_E_S',
            `Data de entrada/saída ${campos[10]} fora do período do arquivo.`,
            'Confira a data de entrada/saída da nota.',
          );
        if (
          campos[10] &&
          dataValida(campos[10]) &&
          dataValida(campos[9] ?? '') &&
          isoDe(campos[10]) < isoDe(campos[9] ?? '')
        )
          erro(
            reg,
            linha,
            'DT_E_S',
            `Data de entrada/saída ${campos[10]} anterior à emissão ${campos[9]}.`,
            'Confira as datas da nota.',
          );
        break;
      }
      case 'C170':
        if (c100) {
          c100.itens += valor(campos[6]);
          c100.temItens = true;
          const chave = `${campos[9]}|${campos[10]}|${valor(campos[13]).toFixed(2)}`;
          const soma = c100.porChave.get(chave) ?? { itens: 0, analitico: 0, linha: 0 };
          soma.itens += valor(campos[14]);
          c100.porChave.set(chave, soma);
        }
        if (!codigos.itens.has(campos[2] ?? ''))
          erro(reg, linha, 'COD_ITEM', `Item ${campos[2]} sem registro 0200.`, 'Gere o arquivo novamente.');
        if (!codigos.unidades.has(campos[5] ?? ''))
          erro(reg, linha, 'UNID', `Unidade ${campos[5]} sem registro 0190.`, 'Gere o arquivo novamente.');
        break;
      case 'C190': {
        if (c100) {
          c100.icms += valor(campos[6]);
          const chave = `${campos[1]}|${campos[2]}|${valor(campos[3]).toFixed(2)}`;
          const soma = c100.porChave.get(chave) ?? { itens: 0, analitico: 0, linha };
          soma.analitico += valor(campos[6]);
          soma.linha = linha;
          c100.porChave.set(chave, soma);
          c100.base += valor(campos[5]);
          c100.opr += valor(campos[4]);
        }
        const cfop = campos[2] ?? '';
        if (/^[567]/.test(cfop)) debitos += valor(campos[6]);
        else creditos += valor(campos[6]);
        break;
      }
      case 'E110':
        e110 = { linha, campos };
        break;
      case 'E116':
        somaE116 += valor(campos[2]);
        break;
      case 'H005':
        h005 = { linha, total: valor(campos[2]), soma: 0 };
        break;
      case 'K001':
        if (campos[1] === '0' && !registros.some((r) => r[0] === 'K010'))
          erro(
            reg,
            linha,
            'IND_MOV',
            'Bloco K com dados sem o registro K010 (informação sobre o tipo de leiaute).',
            'Gere o arquivo novamente.',
          );
        break;
      case 'K010':
        if (!['0', '1', '2'].includes(campos[1] ?? ''))
          erro(
            reg,
            linha,
            'IND_TP_LEIAUTE',
            `Tipo de leiaute ${campos[1]} inválido: 0 simplificado, 1 completo ou 2 restrito aos saldos de estoque.`,
            'Gere o arquivo novamente.',
          );
        break;
      case 'K100':
        k100Fim = campos[2] ?? '';
        if (
          dataValida(campos[1] ?? '') &&
          dataValida(k100Fim) &&
          dataValida(dtIni) &&
          dataValida(dtFin) &&
          (isoDe(campos[1] ?? '') < isoDe(dtIni) ||
            isoDe(k100Fim) > isoDe(dtFin) ||
            isoDe(campos[1] ?? '') > isoDe(k100Fim))
        )
          erro(
            reg,
            linha,
            'DT_FIN',
            'Período do K100 fora do período do arquivo.',
            'Gere o arquivo novamente.',
          );
        break;
      case 'K200':
        if (k100Fim && campos[1] !== k100Fim)
          erro(
            reg,
            linha,
            'DT_EST',
            `Data do estoque ${campos[1]} difere do fim do período do K100 (${k100Fim}).`,
            'Gere o arquivo novamente.',
          );
        if (!codigos.itens.has(campos[2] ?? ''))
          erro(reg, linha, 'COD_ITEM', `Item ${campos[2]} sem registro 0200.`, 'Gere o arquivo novamente.');
        if (!(valor(campos[3]) > 0))
          erro(
            reg,
            linha,
            'QTD',
            'Quantidade em estoque deve ser maior que zero.',
            'Gere o arquivo novamente.',
          );
        if (campos[4] === '0' ? Boolean(campos[5]) : !codigos.participantes.has(campos[5] ?? ''))
          erro(
            reg,
            linha,
            'COD_PART',
            campos[4] === '0'
              ? 'Estoque próprio em poder do informante (IND_EST 0) não leva participante.'
              : `Estoque em poder de terceiros ou de terceiros (IND_EST ${campos[4]}) exige participante do 0150.`,
            'Gere o arquivo novamente.',
          );
        break;
      case 'H010':
        if (h005) h005.soma += valor(campos[5]);
        if (!codigos.itens.has(campos[1] ?? ''))
          erro(reg, linha, 'COD_ITEM', `Item ${campos[1]} sem registro 0200.`, 'Gere o arquivo novamente.');
        if (campos[9] && !codigos.contas.has(campos[9]))
          erro(
            reg,
            linha,
            'COD_CTA',
            `Conta contábil ${campos[9]} sem registro 0500.`,
            'Gere o arquivo novamente.',
          );
        break;
    }
  });
  fecharC100();
  fecharH005();

  if (e110) {
    const c = (e110 as { linha: number; campos: string[] }).campos.map((texto) => valor(texto));
    const linha = (e110 as { linha: number }).linha;
    if (!igual(c[1] ?? 0, debitos))
      erro(
        'E110',
        linha,
        'VL_TOT_DEBITOS',
        `VL_TOT_DEBITOS (${brl(c[1] ?? 0)}) difere do ICMS das saídas nos C190 (${brl(debitos)}).`,
        'Gere o arquivo novamente.',
      );
    if (!igual(c[5] ?? 0, creditos))
      erro(
        'E110',
        linha,
        'VL_TOT_CREDITOS',
        `VL_TOT_CREDITOS (${brl(c[5] ?? 0)}) difere do ICMS das entradas nos C190 (${brl(creditos)}).`,
        'Gere o arquivo novamente.',
      );
    const saldo =
      (c[1] ?? 0) +
      (c[2] ?? 0) +
      (c[3] ?? 0) +
      (c[4] ?? 0) -
      ((c[5] ?? 0) + (c[6] ?? 0) + (c[7] ?? 0) + (c[8] ?? 0) + (c[9] ?? 0));
    if (!igual(c[10] ?? 0, Math.max(0, saldo)) || !igual(c[13] ?? 0, Math.max(0, -saldo)))
      erro(
        'E110',
        linha,
        'VL_SLD_APURADO',
        'Saldo apurado ou saldo credor a transportar não confere com débitos e créditos.',
        'Gere o arquivo novamente.',
      );
    if (!igual(c[12] ?? 0, (c[10] ?? 0) - (c[11] ?? 0)))
      erro(
        'E110',
        linha,
        'VL_ICMS_RECOLHER',
        'VL_ICMS_RECOLHER difere de VL_SLD_APURADO − VL_TOT_DED.',
        'Gere o arquivo novamente.',
      );
    if (!igual(somaE116, (c[12] ?? 0) + (c[14] ?? 0)))
      erro(
        'E116',
        linha,
        'VL_OR',
        `A soma dos E116 (${brl(somaE116)}) difere do ICMS a recolher mais débitos especiais (${brl((c[12] ?? 0) + (c[14] ?? 0))}).`,
        'Informe o código de receita para gerar o E116.',
      );
  }

  validarSubstituicao(registros, erro, advertencia);
  validarRessarcimentoSt(registros, erro, codigos);

  // Block openings, closings and the file totals.
  const contagem9900 = new Map<string, { quantidade: number; linha: number }>();
  registros.forEach((campos, index) => {
    const reg = campos[0] ?? '';
    const linha = index + 1;
    if (/^.001$/.test(reg) && reg !== '0001' && reg !== '9001') {
      const bloco = reg.charAt(0);
      const temDados = (porBloco.get(bloco) ?? 0) > 2;
      const indicador = campos[1];
      if ((indicador === '0') !== temDados)
        erro(
          reg,
          linha,
          'IND_MOV',
          `Indicador de movimento ${indicador} não confere com o conteúdo do bloco ${bloco}.`,
          'Gere o arquivo novamente.',
        );
    }
    if (/^.990$/.test(reg) && reg !== '9990') {
      const bloco = reg.charAt(0);
      if (Number(campos[1]) !== (porBloco.get(bloco) ?? 0))
        erro(
          reg,
          linha,
          campoDe(LEIAUTE_SPED[reg]?.[0] ?? 'QTD').nome,
          `Quantidade de linhas do bloco ${bloco} (${campos[1]}) difere das ${porBloco.get(bloco) ?? 0} linhas.`,
          'Gere o arquivo novamente.',
        );
    }
    if (reg === '9990' && Number(campos[1]) !== (porBloco.get('9') ?? 0))
      erro(
        reg,
        linha,
        'QTD_LIN_9',
        `Quantidade de linhas do bloco 9 (${campos[1]}) difere das ${porBloco.get('9') ?? 0} linhas.`,
        'Gere o arquivo novamente.',
      );
    if (reg === '9999' && Number(campos[1]) !== linhas.length)
      erro(
        reg,
        linha,
        'QTD_LIN',
        `Quantidade de linhas do arquivo (${campos[1]}) difere das ${linhas.length} linhas.`,
        'Gere o arquivo novamente.',
      );
    if (reg === '9900') contagem9900.set(campos[1] ?? '', { quantidade: Number(campos[2]), linha });
  });
  for (const [reg, quantidade] of porRegistro) {
    const declarado = contagem9900.get(reg);
    if (!declarado) erro('9900', 0, 'REG_BLC', `Registro ${reg} sem 9900.`, 'Gere o arquivo novamente.');
    else if (declarado.quantidade !== quantidade)
      erro(
        '9900',
        declarado.linha,
        'QTD_REG_BLC',
        `9900 de ${reg} declara ${declarado.quantidade}; o arquivo tem ${quantidade}.`,
        'Gere o arquivo novamente.',
      );
  }
  for (const [reg, { linha }] of contagem9900)
    if (!porRegistro.has(reg))
      erro(
        '9900',
        linha,
        'REG_BLC',
        `9900 de ${reg}, registro que não está no arquivo.`,
        'Gere o arquivo novamente.',
      );
  return problemas;
}

/** How to fix an empty or malformed field, in the user's words. */
function correcaoCampo(registro: string, campo: string): string {
  const porCampo: Record<string, string> = {
    'E116.COD_REC': 'Informe o código de receita do ICMS ao gerar o arquivo.',
    'E250.COD_REC': 'Informe o código de receita do ICMS-ST ao gerar o arquivo.',
    'E316.COD_REC': 'Informe os códigos de receita do DIFAL e do FCP ao gerar o arquivo.',
    'H010.COD_CTA': 'Informe a conta contábil do estoque ao gerar o arquivo (perfis A e B).',
    '0000.IE': 'Informe a inscrição estadual da pessoa do tipo Filial.',
    '0000.COD_MUN': 'Informe a cidade da pessoa do tipo Filial.',
    '0100.CRC': 'Informe o CRC em Contábil › Contadores.',
    '0100.EMAIL': 'Informe o e-mail em Contábil › Contadores.',
    '0100.COD_MUN': 'Informe a cidade em Contábil › Contadores.',
    '0100.CPF': 'Informe o CPF em Contábil › Contadores.',
    '0005.CEP': 'Informe o CEP da pessoa do tipo Filial.',
    '0005.END': 'Informe o endereço da pessoa do tipo Filial.',
    '0005.BAIRRO': 'Informe o bairro da pessoa do tipo Filial.',
    '0150.END': 'Informe o endereço no cadastro da pessoa.',
    'C100.CHV_NFE': 'Confira a chave de acesso da nota.',
  };
  return (
    porCampo[`${registro}.${campo}`] ??
    'Confira o cadastro ou o documento de origem e gere o arquivo novamente.'
  );
}

/** Validates the keys of C100 (check digit and model), kept apart so it also serves other files. */
export function validarChavesSped(linhas: string[]): ProblemaArquivo[] {
  const problemas: ProblemaArquivo[] = [];
  linhas.forEach((texto, index) => {
    const campos = texto.split('|').slice(1, -1);
    if (campos[0] !== 'C100' || !campos[8]) return;
    const chave = campos[8];
    if (!isValidChaveAcesso(chave))
      problemas.push({
        tipo: 'erro',
        registro: 'C100',
        linha: index + 1,
        campo: 'CHV_NFE',
        mensagem: `Chave de acesso ${chave} com dígito verificador inválido.`,
        correcao: 'Confira a chave de acesso da nota.',
      });
    else if (chave.slice(20, 22) !== campos[4])
      problemas.push({
        tipo: 'erro',
        registro: 'C100',
        linha: index + 1,
        campo: 'CHV_NFE',
        mensagem: `A chave ${chave} é do modelo ${chave.slice(20, 22)}, não ${campos[4]}.`,
        correcao: 'Confira a chave de acesso da nota.',
      });
  });
  return problemas;
}

/** How to fix a Sintegra field, in the user's words (the rest: check the register or the document). */
const CORRECAO_SINTEGRA: Record<string, string> = {
  '10.Inscrição estadual': 'Informe a IE da pessoa do tipo Filial.',
  '10.Município': 'Informe a cidade (código IBGE) da pessoa do tipo Filial.',
  '10.UF': 'Informe a UF da pessoa do tipo Filial.',
  '10.Razão social': 'Informe a razão social da filial.',
  '11.Logradouro': 'Informe o endereço da pessoa do tipo Filial.',
  '11.Bairro': 'Informe o bairro da pessoa do tipo Filial.',
  '11.CEP': 'Informe o CEP da pessoa do tipo Filial.',
  '50.UF': 'Informe a UF no cadastro da pessoa.',
  '53.UF': 'Informe a UF no cadastro da pessoa.',
  '54.Código do produto': 'Informe o código do produto em Estoque › Produtos.',
  '75.Descrição': 'Informe a descrição do produto em Estoque › Produtos.',
  '75.Unidade': 'Informe a unidade do produto em Estoque › Produtos.',
};

/** Sintegra record types in the order the file must list them; every line has 126 positions. */
const TIPOS_SINTEGRA = ['10', '11', '50', '53', '54', '61', '74', '75', '90'];

/** Validates a Sintegra file given as its lines. */
export function validarSintegra(linhas: string[]): ProblemaArquivo[] {
  const problemas: ProblemaArquivo[] = [];
  const erro = (registro: string, linha: number, campo: string, mensagem: string, correcao: string) =>
    problemas.push({ tipo: 'erro', registro, linha, campo, mensagem, correcao });
  const contagem = new Map<string, number>();
  const codigos75 = new Set<string>();
  for (const texto of linhas) if (texto.startsWith('75')) codigos75.add(texto.slice(18, 32));
  const inicio = linhas[0]?.slice(107, 115) ?? '';
  const fim = linhas[0]?.slice(115, 123) ?? '';
  let ordem = 0;
  /** Base of ICMS per note and CFOP: the 50 lines and the items (54) must add up alike. */
  const somas5054 = new Map<string, { linha: number; base50: number; base54: number }>();
  linhas.forEach((texto, index) => {
    const linha = index + 1;
    const tipo = texto.slice(0, 2);
    if (texto.length !== 126)
      erro(
        tipo,
        linha,
        'tamanho',
        `A linha tem ${texto.length} posições; o registro tem 126.`,
        'Gere o arquivo novamente.',
      );
    if (!TIPOS_SINTEGRA.includes(tipo)) {
      erro(tipo, linha, 'tipo', `Registro tipo ${tipo} desconhecido.`, 'Gere o arquivo novamente.');
      return;
    }
    const posicao = TIPOS_SINTEGRA.indexOf(tipo);
    if (posicao < ordem)
      erro(
        tipo,
        linha,
        'tipo',
        `Registro ${tipo} fora da ordem crescente dos tipos.`,
        'Gere o arquivo novamente.',
      );
    ordem = posicao;
    contagem.set(tipo, (contagem.get(tipo) ?? 0) + 1);
    const documento = texto.slice(2, 16);
    const validaDocumento = (campo: string, correcao: string) => {
      if (/^0+$/.test(documento)) return;
      const cpf = documento.startsWith('000') && isValidCpfCnpj(documento.slice(3));
      if (!isValidCpfCnpj(documento) && !cpf)
        erro(tipo, linha, campo, `CNPJ/CPF ${documento} com dígito verificador inválido.`, correcao);
    };
    if (texto.length === 126)
      for (const campo of LEIAUTES_SINTEGRA.get(leiauteDaLinha(texto)) ?? []) {
        const problema = problemaCampoSintegra(
          campo,
          texto.slice(campo.inicio, campo.inicio + campo.tamanho),
        );
        if (problema)
          erro(
            tipo,
            linha,
            campo.nome,
            `${campo.nome} (posições ${campo.inicio + 1} a ${campo.inicio + campo.tamanho}) ${problema}.`,
            CORRECAO_SINTEGRA[`${tipo}.${campo.nome}`] ??
              'Confira o cadastro ou o documento de origem e gere o arquivo novamente.',
          );
      }
    if (tipo === '10') validaDocumento('CNPJ', 'Corrija o CNPJ da filial.');
    if (leiauteDaLinha(texto) === '61R') {
      if (!codigos75.has(campoSintegra(texto, 'Código do produto')))
        erro(
          '61R',
          linha,
          'Código do produto',
          `Produto ${campoSintegra(texto, 'Código do produto').trim()} sem registro 75.`,
          'Gere o arquivo novamente.',
        );
      if (campoSintegra(texto, 'Mês e ano') !== `${inicio.slice(4, 6)}${inicio.slice(0, 4)}`)
        erro(
          '61R',
          linha,
          'Mês e ano',
          'O resumo mensal (61R) deve ser do mês do arquivo.',
          'Gere o arquivo novamente.',
        );
    }
    if (tipo === '50' || tipo === '54') {
      const nota = `${texto.slice(2, 16)}|${campoSintegra(texto, 'Modelo')}|${campoSintegra(texto, 'Série')}|${campoSintegra(texto, 'Número')}|${campoSintegra(texto, 'CFOP')}`;
      const soma = somas5054.get(nota) ?? { linha, base50: 0, base54: 0 };
      if (tipo === '50') soma.base50 += Number(campoSintegra(texto, 'Base de cálculo do ICMS')) / 100;
      else if (Number(campoSintegra(texto, 'Número do item')) < 991)
        soma.base54 += Number(campoSintegra(texto, 'Base de cálculo do ICMS')) / 100;
      somas5054.set(nota, soma);
    }
    if (
      tipo === '75' &&
      (campoSintegra(texto, 'Data inicial') !== inicio || campoSintegra(texto, 'Data final') !== fim)
    )
      erro(
        tipo,
        linha,
        'Data inicial',
        'O registro 75 deve ter as datas inicial e final do arquivo.',
        'Gere o arquivo novamente.',
      );
    if (tipo === '10' || tipo === '50' || tipo === '53') {
      const ie = texto.slice(16, 30).trim();
      const uf = tipo === '10' ? texto.slice(95, 97) : texto.slice(38, 40);
      const problema = ie ? problemaInscricaoEstadual(ie, uf) : null;
      if (problema)
        erro(
          tipo,
          linha,
          'Inscrição estadual',
          `IE ${ie} (${uf}): ${problema}.`,
          tipo === '10'
            ? 'Corrija a inscrição estadual e a UF da pessoa do tipo Filial.'
            : 'Corrija a inscrição estadual (ou a UF) no cadastro da pessoa.',
        );
    }
    if (tipo === '50' || tipo === '53') {
      validaDocumento('CNPJ', 'Corrija o CPF/CNPJ no cadastro da pessoa.');
      const data = texto.slice(30, 38);
      if (data < inicio || data > fim)
        erro(tipo, linha, 'Data', `Data ${data} fora do período do arquivo.`, 'Confira a data do documento.');
    }
    if (tipo === '54') {
      const item = Number(texto.slice(34, 37));
      if (item < 991 && !codigos75.has(texto.slice(37, 51)))
        erro(
          tipo,
          linha,
          'Código do produto',
          `Produto ${texto.slice(37, 51).trim()} sem registro 75.`,
          'Gere o arquivo novamente.',
        );
    }
    if (tipo === '74') {
      if (!codigos75.has(texto.slice(10, 24)))
        erro(
          tipo,
          linha,
          'Código do produto',
          `Produto ${texto.slice(10, 24).trim()} sem registro 75.`,
          'Gere o arquivo novamente.',
        );
      if (
        texto.charAt(50) === '1' &&
        (texto.slice(51, 65) !== '0'.repeat(14) || texto.slice(65, 79).trim() !== '')
      )
        erro(
          tipo,
          linha,
          'CNPJ do possuidor',
          'Mercadoria própria em poder do informante (posse 1) com CNPJ/IE do possuidor.',
          'Gere o arquivo novamente.',
        );
    }
  });
  for (const [nota, soma] of somas5054)
    if (!igual(soma.base50, soma.base54))
      erro(
        '54',
        soma.linha,
        'Base de cálculo do ICMS',
        `A soma das bases dos itens (54) da nota ${nota.split('|')[3]}, CFOP ${nota.split('|')[4]}, é ${brl(soma.base54)}; o registro 50 diz ${brl(soma.base50)}.`,
        'Confira a base de cálculo dos itens da nota e gere o arquivo novamente.',
      );
  const total90 = Number(linhas.at(-1)?.charAt(125) ?? 0);
  const linhas90 = linhas.filter((texto) => texto.startsWith('90'));
  if (total90 !== linhas90.length)
    erro(
      '90',
      linhas.length,
      'Número de registros 90',
      `A última posição diz ${total90} registros 90; há ${linhas90.length}.`,
      'Gere o arquivo novamente.',
    );
  const declarados = new Map<string, number>();
  for (const texto of linhas90) {
    const corpo = texto.slice(30, 125);
    for (let i = 0; i + 10 <= corpo.length; i += 10) {
      const par = corpo.slice(i, i + 10);
      if (!par.trim()) break;
      declarados.set(par.slice(0, 2), Number(par.slice(2)));
    }
  }
  for (const [tipo, quantidade] of contagem) {
    if (['10', '11', '90'].includes(tipo)) continue;
    if (declarados.get(tipo) !== quantidade)
      erro(
        '90',
        linhas.length,
        `Total de registros ${tipo}`,
        `O registro 90 declara ${declarados.get(tipo) ?? 0} registros ${tipo}; o arquivo tem ${quantidade}.`,
        'Gere o arquivo novamente.',
      );
  }
  if (declarados.get('99') !== linhas.length)
    erro(
      '90',
      linhas.length,
      'Total geral (99)',
      `O registro 90 declara ${declarados.get('99') ?? 0} linhas; o arquivo tem ${linhas.length}.`,
      'Gere o arquivo novamente.',
    );
  return problemas;
}

/** A file's problems: the validator's, then the generator's avisos as advertências. */
export function problemasArquivo(
  tipo: 'sped' | 'sintegra',
  linhas: string[],
  avisos: Array<{ referencia: string; mensagem: string }>,
): ProblemaArquivo[] {
  const validador =
    tipo === 'sped' ? [...validarSped(linhas), ...validarChavesSped(linhas)] : validarSintegra(linhas);
  return [
    ...validador.filter((problema) => problema.tipo === 'erro'),
    ...validador.filter((problema) => problema.tipo === 'advertencia'),
    ...avisos.map(
      (aviso): ProblemaArquivo => ({
        tipo: 'advertencia',
        registro: '',
        linha: 0,
        campo: aviso.referencia,
        mensagem: aviso.mensagem,
        correcao: 'Confira o cadastro antes de transmitir.',
      }),
    ),
  ];
}
