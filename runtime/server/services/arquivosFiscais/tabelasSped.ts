/**
 * Tables of the EFD ICMS/IPI that the generator writes from and the validator checks against, kept as data
 * with their source. What a table does not settle is said beside it (see also the README, "Arquivo SPED").
 */

/** Registers that carry an obligation (COD_OR): own operations, ICMS-ST by UF, DIFAL/FCP by UF. */
export type RegistroObrigacao = 'E116' | 'E250' | 'E316';

export interface ObrigacaoIcms {
  descricao: string;
  /**
   * The registers that take the code: the "Valores válidos" of campo 02 (COD_OR) of each register in the
   * Guia Prático EFD ICMS/IPI 3.1.8, Bloco E — E116 [000, 003, 004, 005, 006, 090], E250 [001, 002, 006,
   * 999], E316 [000, 003, 006, 090].
   */
  registros: readonly RegistroObrigacao[];
}

/**
 * Tabela 5.4 – Tabela de Códigos das Obrigações de ICMS a Recolher (Guia Prático EFD ICMS/IPI, Capítulo
 * III, Seção 5; the national table, the same for every UF). COD_OR of E116, E250 and E316 must be one of
 * these codes and one its register takes. Some tax software lists further codes (007, 008, 025, 030) citing
 * Ato COTEPE/ICMS 70/2005; no register of the Guia takes them, so a file using them is refused here.
 */
export const TABELA_5_4: Readonly<Record<string, ObrigacaoIcms>> = {
  '000': { descricao: 'ICMS a recolher', registros: ['E116', 'E316'] },
  '001': { descricao: 'ICMS da substituição tributária pelas entradas', registros: ['E250'] },
  '002': { descricao: 'ICMS da substituição tributária pelas saídas para o Estado', registros: ['E250'] },
  '003': { descricao: 'Antecipação do diferencial de alíquotas do ICMS', registros: ['E116', 'E316'] },
  '004': { descricao: 'Antecipação do ICMS da importação', registros: ['E116'] },
  '005': { descricao: 'Antecipação tributária', registros: ['E116'] },
  '006': {
    descricao: 'ICMS resultante da alíquota adicional dos itens incluídos no Fundo de Combate à Pobreza',
    registros: ['E116', 'E250', 'E316'],
  },
  '090': { descricao: 'Outras obrigações do ICMS', registros: ['E116', 'E316'] },
  '999': {
    descricao: 'ICMS da substituição tributária pelas saídas para outro Estado',
    registros: ['E250'],
  },
};

/** The codes the generator writes (Tabela 5.4). */
export const OBRIGACAO = {
  /** E116 and the DIFAL of E316. */
  icmsRecolher: '000',
  /** E250 of the company's own UF. */
  stSaidasEstado: '002',
  /** E250 of another UF. */
  stSaidasOutroEstado: '999',
  /** E316 of the FCP of the destination UF. */
  fcp: '006',
} as const;

/**
 * CFOPs whose C190 VL_ICMS_ST is the ST of devoluções received (E210 campo 04, VL_DEVOL_ST): devolução de
 * venda and retorno of goods sold with ST (x410, x411, x414, x415) and devolução of fuel sales (x660, x661,
 * x662), inside the UF (1) and from another UF (2). Source: Guia Prático EFD ICMS/IPI, Registro E210,
 * campo 04 (VL_DEVOL_ST; REG is campo 01): "o valor informado deve corresponder à soma do campo VL_ICMS_ST
 * do registro C190, quando o valor do campo CFOP for igual a 1410, 1411, 1414, 1415, 1660, 1661, 1662,
 * 2410, 2411, 2414, 2415, 2660, 2661 ou 2662", with the CFOP meanings of the Tabela de CFOP (Convênio
 * s/nº de 1970, Ajuste SINIEF 07/2001 and alterations). Devoluções typed with a CFOP outside this list
 * (e.g. 1202 for goods that carried ST) do not reach VL_DEVOL_ST: the CFOP of the note must be the ST one.
 * Whether the PVA also takes x.949 devoluções is not in the Guia; only a PVA run settles it.
 */
export const CFOP_DEVOLUCAO_ST: ReadonlySet<string> = new Set(
  ['410', '411', '414', '415', '660', '661', '662'].flatMap((fim) => [`1${fim}`, `2${fim}`]),
);

/**
 * CFOPs whose C190 VL_ICMS_ST is a ressarcimento of ST (E210 campo 05, VL_RESSARC_ST, "só se o ressarcimento
 * tiver origem em documento fiscal"): 1603 and 2603, Ressarcimento de ICMS retido por substituição
 * tributária. Source: Guia Prático EFD ICMS/IPI, Registro E210, campo 05.
 */
export const CFOP_RESSARCIMENTO_ST: ReadonlySet<string> = new Set(['1603', '2603']);

/**
 * GNRE receitas (Portal GNRE, Tabela de Receitas) that pay ICMS-ST, DIFAL and FCP to another UF when the
 * company has no IE there. COD_REC of E250/E316 is "conforme a legislação de cada UF": a UF may take these
 * GNRE codes or its own guia's code, so they are suggestions for the screen's help and the README, not a
 * rule the validator can enforce without each UF's table.
 */
export const RECEITAS_GNRE: Readonly<Record<string, string>> = {
  '100048': 'ICMS Substituição Tributária por Apuração',
  '100099': 'ICMS Substituição Tributária por Operação',
  '100102': 'ICMS Consumidor Final Não Contribuinte Outra UF por Operação',
  '100110': 'ICMS Consumidor Final Não Contribuinte Outra UF por Apuração',
  '100129': 'ICMS Fundo Estadual de Combate à Pobreza por Operação',
  '100137': 'ICMS Fundo Estadual de Combate à Pobreza por Apuração',
};

/**
 * COD_RESP_RET of C176 and C180 (Guia Prático 3.1.8, "Valores válidos: [1,2,3]"): who retained or paid the
 * ICMS-ST. The C176 field list also names a 4 (remetente direto do Simples Nacional) that its validation does not
 * take; it is refused here, as the validation says.
 */
export const RESPONSAVEL_RETENCAO: Readonly<Record<string, string>> = {
  '1': 'Remetente direto',
  '2': 'Remetente indireto',
  '3': 'Próprio declarante',
};

/** COD_MOT_RES of C176 (Guia Prático 3.1.8, "Valores válidos: [1, 2, 3, 4, 5, 6, 9]"): the reason. */
export const MOTIVO_RESSARCIMENTO: Readonly<Record<string, string>> = {
  '1': 'Saída para outra UF',
  '2': 'Saída amparada por isenção ou não incidência',
  '3': 'Perda ou deterioração',
  '4': 'Furto ou roubo',
  '5': 'Exportação',
  '6': 'Venda interna para Simples Nacional',
  '9': 'Outros',
};

/** COD_DA of C176/C180: the model of the documento de arrecadação. */
export const DOCUMENTO_ARRECADACAO: Readonly<Record<string, string>> = {
  '0': 'Documento estadual de arrecadação',
  '1': 'GNRE',
};

/**
 * COD_MOT_REST_COMPL of C181/C185/C186 comes from the Tabela 5.7 of the declarant's UF (motivos de
 * restituição/complementação do ICMS-ST): five characters, the UF's two letters then three digits, the third
 * character telling the kind (C185 0–3, C186 4, C181 5–8, as the Guia's validations say). The codes
 * themselves are each UF's; only their shape, UF and kind can be checked here.
 */
export const MOTIVO_REST_COMPL = /^([A-Z]{2})\d{3}$/;
