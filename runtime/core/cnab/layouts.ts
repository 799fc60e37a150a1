/**
 * Return-file layouts (arquivo de retorno de cobrança) per bank, as data: record identification, field
 * positions (1-based, inclusive, as the banks' manuals print them), date formats, amount decimals, nosso
 * número rules and the occurrence-code table with what each code does to the boleto. No logic lives here:
 * runtime/core/parseRetornoCnab.ts interprets these objects.
 *
 * Sources (facts, not code): FEBRABAN CNAB 240 v08/v10 (segmentos T/U, nota C044), Banco do Brasil CBR643,
 * Bradesco/Itaú/Santander/Caixa/Sicredi/Banrisul/Banco do Nordeste CNAB 400 manuals as summarised by the
 * public layout sets (cnab_yaml, brcobranca, laravel-boleto).
 */

/** What processing an occurrence does to its boleto. */
export type EfeitoOcorrencia = 'liquidacao' | 'baixa' | 'entrada' | 'informativa';

export type FormatoData = 'DDMMAA' | 'DDMMAAAA' | 'AAAAMMDD';

/** A field: positions in a record (the 240 ones name the segment they are in). */
export interface CampoCnab {
  de: number;
  ate: number;
  /** CNAB 240 only: the segment of the detail record. */
  segmento?: 'T' | 'U';
  /** Dates: how they are written; blank or all zeros means none. */
  data?: FormatoData;
  /** Amounts: implied decimals (2 unless said). */
  decimais?: number;
}

export type NomeCampo =
  | 'nossoNumero'
  | 'seuNumero'
  | 'codigo'
  | 'dataOcorrencia'
  | 'dataCredito'
  | 'dataVencimento'
  | 'valorTitulo'
  | 'tarifa'
  | 'valorPago'
  | 'desconto'
  | 'abatimento'
  | 'juros'
  | 'multa';

export type CamposDetalhe = Record<NomeCampo, CampoCnab | null>;

export interface LayoutCnab {
  banco: string;
  nome: string;
  layout: 'CNAB400' | 'CNAB240';
  /** CNAB 400: detail record types (position 1) read, each with its fields. CNAB 240: one entry, '3'. */
  detalhes: Record<string, CamposDetalhe>;
  /** Characters dropped from the end of the nosso número read (a check digit glued to it); 0 keeps it. */
  nossoNumeroDv: number;
  /** Occurrence code → [pt-BR meaning, effect on the boleto]. */
  ocorrencias: Record<string, [string, EfeitoOcorrencia]>;
}

const L = 'liquidacao' as const;
const B = 'baixa' as const;
const E = 'entrada' as const;
const I = 'informativa' as const;

// ---------------------------------------------------------------------------------------------------------
// Occurrence tables

/** FEBRABAN CNAB 240, código de movimento de retorno (nota C044): most banks' 240 files. */
const FEBRABAN_240: LayoutCnab['ocorrencias'] = {
  '02': ['Entrada confirmada', E],
  '03': ['Entrada rejeitada', I],
  '04': ['Transferência de carteira/entrada', I],
  '05': ['Transferência de carteira/baixa', I],
  '06': ['Liquidação', L],
  '07': ['Confirmação do recebimento da instrução de desconto', I],
  '08': ['Confirmação do recebimento do cancelamento do desconto', I],
  '09': ['Baixa', B],
  '11': ['Títulos em carteira (em ser)', I],
  '12': ['Confirmação do recebimento da instrução de abatimento', I],
  '13': ['Confirmação do recebimento do cancelamento do abatimento', I],
  '14': ['Confirmação do recebimento da alteração de vencimento', I],
  '15': ['Franco de pagamento', I],
  '17': ['Liquidação após baixa ou de título não registrado', L],
  '19': ['Confirmação do recebimento da instrução de protesto', I],
  '20': ['Confirmação do recebimento da instrução de sustação de protesto', I],
  '23': ['Remessa a cartório', I],
  '24': ['Retirada de cartório e manutenção em carteira', I],
  '25': ['Protestado e baixado', B],
  '26': ['Instrução rejeitada', I],
  '27': ['Confirmação do pedido de alteração de outros dados', I],
  '28': ['Débito de tarifas/custas', I],
  '29': ['Ocorrências do pagador', I],
  '30': ['Alteração de dados rejeitada', I],
};

/** Bradesco's CNAB 400 list, which Itaú, Santander, Banrisul, BNB and Sicredi follow for these codes. */
const BRADESCO_400: LayoutCnab['ocorrencias'] = {
  '02': ['Entrada confirmada', E],
  '03': ['Entrada rejeitada', I],
  '06': ['Liquidação', L],
  '09': ['Baixa automática', B],
  '10': ['Baixa por instrução', B],
  '11': ['Título em ser', I],
  '12': ['Abatimento concedido', I],
  '13': ['Abatimento cancelado', I],
  '14': ['Vencimento alterado', I],
  '15': ['Liquidação em cartório', L],
  '16': ['Título pago em cheque (aguardando compensação)', I],
  '17': ['Liquidação após baixa ou de título não registrado', L],
  '18': ['Acerto de depositária', I],
  '19': ['Confirmação da instrução de protesto', I],
  '20': ['Confirmação da sustação de protesto', I],
  '21': ['Acerto do controle do participante', I],
  '22': ['Pagamento cancelado', I],
  '23': ['Título enviado a cartório', I],
  '24': ['Entrada rejeitada por CEP irregular', I],
  '27': ['Baixa rejeitada', I],
  '28': ['Débito de tarifas/custas', I],
  '30': ['Alteração de outros dados rejeitada', I],
  '32': ['Instrução rejeitada', I],
  '33': ['Confirmação da alteração de outros dados', I],
  '34': ['Retirado de cartório e mantido em carteira', I],
  '35': ['Desagendamento do débito automático', I],
};

/** Itaú CNAB 400 (its own list: 08 is liquidação em cartório, 10 baixa com transferência). */
const ITAU_400: LayoutCnab['ocorrencias'] = {
  '02': ['Entrada confirmada', E],
  '03': ['Entrada rejeitada', I],
  '04': ['Alteração de dados — nova entrada ou alteração/exclusão aceita', I],
  '05': ['Alteração de dados — baixa', B],
  '06': ['Liquidação normal', L],
  '07': ['Liquidação parcial — cobrança inteligente', L],
  '08': ['Liquidação em cartório', L],
  '09': ['Baixa simples', B],
  '10': ['Baixa por ter sido liquidado', I],
  '11': ['Em ser', I],
  '12': ['Abatimento concedido', I],
  '13': ['Abatimento cancelado', I],
  '14': ['Vencimento alterado', I],
  '15': ['Baixas rejeitadas', I],
  '16': ['Instruções rejeitadas', I],
  '17': ['Alteração/exclusão de dados rejeitados', I],
  '18': ['Cobrança contratual — instruções/alterações rejeitadas', I],
  '19': ['Confirmação de recebimento de instrução de protesto', I],
  '20': ['Confirmação de recebimento de instrução de sustação de protesto', I],
  '23': ['Tarifa de envio de aviso de cobrança', I],
  '28': ['Débito de tarifa/custas', I],
  '32': ['Baixa por ter sido protestado', B],
};

/** Banco do Brasil CBR643 "comando" codes. */
const BB_400: LayoutCnab['ocorrencias'] = {
  '02': ['Confirmação de entrada de título', E],
  '03': ['Comando recusado', I],
  '05': ['Liquidado sem registro', L],
  '06': ['Liquidação normal', L],
  '07': ['Liquidação por conta', L],
  '08': ['Liquidação por saldo', L],
  '09': ['Baixa de título', B],
  '10': ['Baixa solicitada', B],
  '11': ['Títulos em ser', I],
  '12': ['Abatimento concedido', I],
  '13': ['Abatimento cancelado', I],
  '14': ['Alteração de vencimento do título', I],
  '15': ['Liquidação em cartório', L],
  '16': ['Confirmação de alteração de juros de mora', I],
  '19': ['Confirmação de recebimento de instruções para protesto', I],
  '20': ['Débito em conta', I],
  '21': ['Alteração do nome do sacado', I],
  '22': ['Alteração do endereço do sacado', I],
  '23': ['Indicação de encaminhamento a cartório', I],
  '24': ['Sustar protesto', I],
  '25': ['Dispensar juros de mora', I],
  '28': ['Manutenção de título vencido', I],
  '31': ['Conceder desconto', I],
  '32': ['Não conceder desconto', I],
  '33': ['Retificar desconto', I],
  '46': ['Título pago com cheque, aguardando compensação', I],
  '72': ['Alteração de tipo de cobrança', I],
  '96': ['Despesas de protesto', I],
  '97': ['Despesas de sustação de protesto', I],
  '98': ['Débito de custas antecipadas', I],
};

/** Caixa CNAB 400 (SIGCB): its own numbering — 01 entrada, 02 baixa, 21 liquidação, 06 a data change. */
const CAIXA_400: LayoutCnab['ocorrencias'] = {
  '01': ['Entrada confirmada', E],
  '02': ['Baixa confirmada', B],
  '03': ['Abatimento concedido', I],
  '04': ['Abatimento cancelado', I],
  '05': ['Vencimento alterado', I],
  '06': ['Uso da empresa alterado', I],
  '07': ['Prazo de protesto alterado', I],
  '08': ['Prazo de devolução alterado', I],
  '09': ['Alteração confirmada', I],
  '10': ['Alteração com reemissão de bloqueto confirmada', I],
  '11': ['Alteração da opção de protesto para devolução', I],
  '12': ['Alteração da opção de devolução para protesto', I],
  '20': ['Em ser', I],
  '21': ['Liquidação', L],
  '22': ['Liquidação em cartório', L],
  '23': ['Baixa por devolução', B],
  '24': ['Baixa por franco pagamento', B],
  '25': ['Baixa por protesto', B],
  '26': ['Título enviado para cartório', I],
  '27': ['Sustação de protesto', I],
  '28': ['Estorno de protesto', I],
  '29': ['Estorno de sustação de protesto', I],
  '30': ['Alteração de título', I],
  '31': ['Tarifa sobre título vencido', I],
  '32': ['Outras tarifas de alteração', I],
  '33': ['Estorno de baixa/liquidação', I],
  '34': ['Tarifas diversas', I],
  '99': ['Rejeição do título', I],
};

/** Banco Inter's own CNAB 400: 02 "em aberto" (registered), 06 paid, 07 written off. */
const INTER_400: LayoutCnab['ocorrencias'] = {
  '02': ['Em aberto (entrada confirmada)', E],
  '03': ['Erro (entrada rejeitada)', I],
  '06': ['Pago', L],
  '07': ['Baixado', B],
};

/** BRB (Banco de Brasília) CNAB 400: 09 is a liquidation here, not a write-off; 00 a devolution. */
const BRB_400: LayoutCnab['ocorrencias'] = {
  '00': ['Baixado por devolução', B],
  '02': ['Registro confirmado', E],
  '05': ['Liquidado sem registro', L],
  '06': ['Liquidado', L],
  '09': ['Liquidado (baixa por pagamento)', L],
  '15': ['Liquidação regularizada', I],
  '16': ['Liquidação regularizada com registro', I],
};

/** Unicred (136) CNAB 400: 01 and 09 are liquidations too (cartório, título descontado). */
const UNICRED_400: LayoutCnab['ocorrencias'] = {
  '01': ['Pago (título protestado pago em cartório)', L],
  '02': ['Instrução confirmada', E],
  '03': ['Instrução rejeitada', I],
  '04': ['Sustado judicial', I],
  '06': ['Liquidação normal', L],
  '07': ['Liquidação em condicional', L],
  '08': ['Sustado definitivo', I],
  '09': ['Liquidação de título descontado', L],
  '10': ['Protesto solicitado', I],
  '11': ['Protesto em cartório', I],
  '12': ['Sustação solicitada', I],
  '13': ['Título descontado', I],
  '14': ['Título descontável', I],
};

/**
 * The list Fibra, Pine and Delbank print (banks whose collection runs through correspondents): 10 is the
 * write-off that follows a liquidation already booked by 06, so it only informs.
 */
const CORRESPONDENTES_400: LayoutCnab['ocorrencias'] = {
  '01': ['Entrada do título confirmada na CIP', I],
  '02': ['Entrada confirmada', E],
  '03': ['Entrada rejeitada', I],
  '05': ['Campo livre alterado', I],
  '06': ['Liquidação normal', L],
  '08': ['Liquidação em cartório', L],
  '09': ['Baixa automática', B],
  '10': ['Baixa por ter sido liquidado', I],
  '12': ['Abatimento confirmado', I],
  '13': ['Abatimento cancelado', I],
  '14': ['Vencimento alterado', I],
  '15': ['Baixa rejeitada', I],
  '16': ['Instrução rejeitada', I],
  '19': ['Confirmação de recebimento de ordem de protesto', I],
  '20': ['Confirmação de recebimento de ordem de sustação', I],
  '22': ['Seu número alterado', I],
  '23': ['Título enviado para cartório', I],
  '24': ['Confirmação de recebimento de ordem de não protestar', I],
  '28': ['Débito de tarifas/custas — correspondentes', I],
  '40': ['Tarifa de entrada (debitada na liquidação)', I],
  '43': ['Baixado por ter sido protestado', B],
  '96': ['Tarifa sobre instruções — mês anterior', I],
  '97': ['Tarifa sobre baixas — mês anterior', I],
  '98': ['Tarifa sobre entradas — mês anterior', I],
  '99': ['Tarifa sobre instruções de protesto/sustação — mês anterior', I],
};

/** HSBC CNAB 400: cash (06, 07, 15, 16) and cheque (31–39) liquidations apart. */
const HSBC_400: LayoutCnab['ocorrencias'] = {
  '02': ['Entrada confirmada', E],
  '03': ['Entrada ou instrução rejeitada', I],
  '06': ['Liquidação normal em dinheiro', L],
  '07': ['Liquidação por conta em dinheiro', L],
  '09': ['Baixa automática', B],
  '10': ['Baixado conforme instruções', B],
  '11': ['Títulos em ser (conciliação mensal)', I],
  '12': ['Abatimento concedido', I],
  '13': ['Abatimento cancelado', I],
  '14': ['Vencimento prorrogado', I],
  '15': ['Liquidação em cartório em dinheiro', L],
  '16': ['Liquidação — baixado/devolvido em data anterior, em dinheiro', L],
  '17': ['Entregue em cartório', I],
  '18': ['Instrução automática de protesto', I],
  '21': ['Instrução de alteração de mora', I],
  '22': ['Instrução de protesto processada', I],
  '23': ['Cancelamento de protesto processado', I],
  '27': ['Número do cedente ou controle do participante alterado', I],
  '31': ['Liquidação normal em cheque/compensação/banco correspondente', L],
  '32': ['Liquidação em cartório em cheque', L],
  '33': ['Liquidação por conta em cheque', L],
  '36': ['Liquidação — baixado/devolvido em data anterior, em cheque', L],
  '37': ['Baixa de título protestado', B],
  '38': ['Liquidação de título não registrado em dinheiro', L],
  '39': ['Liquidação de título não registrado em cheque', L],
  '49': ['Vencimento alterado', I],
  '69': ['Despesas/custas de cartório', I],
  '70': ['Ressarcimento sobre títulos', I],
};

// ---------------------------------------------------------------------------------------------------------
// Field sets

const d6 = (de: number): CampoCnab => ({ de, ate: de + 5, data: 'DDMMAA' });
const d8 = (de: number, segmento: 'T' | 'U'): CampoCnab => ({ de, ate: de + 7, data: 'DDMMAAAA', segmento });
const v13 = (de: number): CampoCnab => ({ de, ate: de + 12 });
const v15 = (de: number, segmento: 'T' | 'U'): CampoCnab => ({ de, ate: de + 14, segmento });

/** The CNAB 400 positions Bradesco prints and most banks share; only the nosso número moves. */
function campos400(nossoNumero: [number, number], extra: Partial<CamposDetalhe> = {}): CamposDetalhe {
  return {
    nossoNumero: { de: nossoNumero[0], ate: nossoNumero[1] },
    seuNumero: { de: 117, ate: 126 },
    codigo: { de: 109, ate: 110 },
    dataOcorrencia: d6(111),
    dataVencimento: d6(147),
    valorTitulo: v13(153),
    tarifa: v13(176),
    abatimento: v13(228),
    desconto: v13(241),
    valorPago: v13(254),
    juros: v13(267),
    multa: null,
    dataCredito: d6(296),
    ...extra,
  };
}

/** FEBRABAN CNAB 240 segmentos T/U; banks differ in the nosso número (and Santander in more). */
function campos240(nossoNumero: [number, number], extra: Partial<CamposDetalhe> = {}): CamposDetalhe {
  return {
    codigo: { de: 16, ate: 17, segmento: 'T' },
    nossoNumero: { de: nossoNumero[0], ate: nossoNumero[1], segmento: 'T' },
    seuNumero: { de: 59, ate: 73, segmento: 'T' },
    dataVencimento: d8(74, 'T'),
    valorTitulo: v15(82, 'T'),
    tarifa: v15(199, 'T'),
    juros: v15(18, 'U'),
    desconto: v15(33, 'U'),
    abatimento: v15(48, 'U'),
    valorPago: v15(78, 'U'),
    multa: null,
    dataOcorrencia: d8(138, 'U'),
    dataCredito: d8(146, 'U'),
    ...extra,
  };
}

const c240 = (
  banco: string,
  nome: string,
  campos: CamposDetalhe,
  ocorrencias = FEBRABAN_240,
  nossoNumeroDv = 0,
): LayoutCnab => ({ banco, nome, layout: 'CNAB240', detalhes: { '3': campos }, nossoNumeroDv, ocorrencias });

const c400 = (
  banco: string,
  nome: string,
  detalhes: Record<string, CamposDetalhe>,
  ocorrencias: LayoutCnab['ocorrencias'],
  nossoNumeroDv = 0,
): LayoutCnab => ({ banco, nome, layout: 'CNAB400', detalhes, nossoNumeroDv, ocorrencias });

// Banco do Brasil CBR643: type 1 (convênio of 6 digits, nosso número 63–73 + DV 74) and type 7 (convênio
// of 7 digits, nosso número 64–80 with no DV). Both put the credit date in 176–181 and the fee, 7 digits, in
// 182–188: reading 176–188 as one amount glues the date to the fee (R$ 18.051.500.001,60 for 18/05/15 and
// R$ 1,60). Correspondent cooperatives (Unicred, CrediSIS...) send this layout under code 001.
const BB_COMUNS: Partial<CamposDetalhe> = {
  dataCredito: d6(176),
  tarifa: { de: 182, ate: 188 },
  juros: v13(267),
  desconto: v13(241),
  abatimento: v13(228),
};

export const LAYOUTS_CNAB: LayoutCnab[] = [
  c400(
    '001',
    'Banco do Brasil (CBR643)',
    {
      '1': campos400([63, 73], BB_COMUNS),
      '7': campos400([64, 80], BB_COMUNS),
    },
    BB_400,
  ),
  c240('001', 'Banco do Brasil', campos240([38, 57])),
  c400('237', 'Bradesco', { '1': campos400([71, 82]) }, BRADESCO_400),
  c240('237', 'Bradesco', campos240([38, 57])),
  // Itaú: carteira 83–85, nosso número 86–93 with its DAC in 94 (63–70 repeats it without the DAC).
  c400('341', 'Itaú', { '1': campos400([63, 70]) }, ITAU_400),
  c400('033', 'Santander', { '1': campos400([63, 70]) }, BRADESCO_400),
  // Santander 240 moves the segmento T: nosso número 41–53, seu número 55–69, vencimento 70–77, valor 78–92,
  // tarifa 194–208.
  c240(
    '033',
    'Santander',
    campos240([41, 53], {
      seuNumero: { de: 55, ate: 69, segmento: 'T' },
      dataVencimento: d8(70, 'T'),
      valorTitulo: v15(78, 'T'),
      tarifa: v15(194, 'T'),
    }),
  ),
  c400('104', 'Caixa (SIGCB)', { '1': campos400([57, 73], { dataCredito: d6(294) }) }, CAIXA_400),
  // Caixa SIGCB 240: "identificação do título no banco" 40–56 (modalidade + 15-digit nosso número).
  c240('104', 'Caixa (SIGCB)', campos240([40, 56])),
  // Sicoob 240: nosso número with DV 38–47, then parcela 48–49, modalidade 50–51, formulário 52.
  c240('756', 'Sicoob', campos240([38, 47])),
  // Sicredi 400: nosso número 48–62 (the last digit its DV); the credit date is "data prevista para
  // lançamento" 329–336 in AAAAMMDD; multa 280–292.
  c400(
    '748',
    'Sicredi',
    {
      '1': campos400([48, 62], {
        dataCredito: { de: 329, ate: 336, data: 'AAAAMMDD' },
        multa: v13(280),
      }),
    },
    BRADESCO_400,
  ),
  c240('748', 'Sicredi', campos240([38, 57])),
  // Banrisul 400: nosso número 63–72 (8 digits and 2 check digits); multa 280–292.
  c400('041', 'Banrisul', { '1': campos400([63, 72], { multa: v13(280) }) }, BRADESCO_400, 2),
  // Banco do Nordeste 400: nosso número 63–69 and its DV 70.
  c400('004', 'Banco do Nordeste', { '1': campos400([63, 70]) }, BRADESCO_400, 1),
  // BRB: its own positions — nosso número 71–82, occurrence date 111–118 and due date 149–156 in DDMMAAAA,
  // valor 157–169, tarifa 180–192, juros 206–218, abatimento 232–244, desconto 245–257, pago 258–270,
  // seu número 93–105, credit date 300–307 (DDMMAAAA).
  c400(
    '070',
    'BRB',
    {
      '1': {
        nossoNumero: { de: 71, ate: 82 },
        seuNumero: { de: 93, ate: 105 },
        codigo: { de: 109, ate: 110 },
        dataOcorrencia: { de: 111, ate: 118, data: 'DDMMAAAA' },
        dataVencimento: { de: 149, ate: 156, data: 'DDMMAAAA' },
        valorTitulo: v13(157),
        tarifa: v13(180),
        juros: v13(206),
        abatimento: v13(232),
        desconto: v13(245),
        valorPago: v13(258),
        multa: null,
        dataCredito: { de: 300, ate: 307, data: 'DDMMAAAA' },
      },
    },
    BRB_400,
  ),
  // Banco Inter's own CNAB 400: code 90–91, occurrence date 92–97, seu número 98–107, due date 119–124,
  // valor 125–137, pago 160–172, credit date 173–178; nosso número 71–81 (10 digits and its DV). No fee,
  // discount or interest fields.
  c400(
    '077',
    'Banco Inter',
    {
      '1': {
        nossoNumero: { de: 71, ate: 81 },
        seuNumero: { de: 98, ate: 107 },
        codigo: { de: 90, ate: 91 },
        dataOcorrencia: d6(92),
        dataVencimento: d6(119),
        valorTitulo: v13(125),
        valorPago: v13(160),
        dataCredito: d6(173),
        tarifa: null,
        desconto: null,
        abatimento: null,
        juros: null,
        multa: null,
      },
    },
    INTER_400,
    1,
  ),
  // CrediSIS (097) sends Banco do Brasil's CBR643 under its own code: same records, same "comando" codes.
  c400(
    '097',
    'CrediSIS',
    {
      '1': campos400([63, 73], BB_COMUNS),
      '7': campos400([64, 80], BB_COMUNS),
    },
    BB_400,
  ),
  // Unicred (136) CNAB 400: nosso número 46–62 (10 digits and DV, zero-padded), seu número 280–305, the
  // fee in 182–188 (7 digits); the occurrence date is also the credit date.
  c400(
    '136',
    'Unicred',
    {
      '1': campos400([46, 62], {
        seuNumero: { de: 280, ate: 305 },
        tarifa: { de: 182, ate: 188 },
        dataCredito: d6(111),
      }),
    },
    UNICRED_400,
    1,
  ),
  // Fibra (224), Pine (643), Delbank (435) and HSBC (399): Bradesco's positions, nosso número 63–73 (10
  // digits and DV). Delbank adds multa 280–292 and the credit date 386–391; Fibra, Pine and HSBC print none
  // (the occurrence date stands for it).
  c400('224', 'Banco Fibra', { '1': campos400([63, 73], { dataCredito: null }) }, CORRESPONDENTES_400, 1),
  c400('643', 'Banco Pine', { '1': campos400([63, 73], { dataCredito: null }) }, CORRESPONDENTES_400, 1),
  c400(
    '435',
    'Delbank',
    { '1': campos400([63, 73], { multa: v13(280), dataCredito: d6(386) }) },
    CORRESPONDENTES_400,
    1,
  ),
  c400('399', 'HSBC', { '1': campos400([63, 73], { dataCredito: null }) }, HSBC_400, 1),
  c240('208', 'BTG Pactual', campos240([38, 57])),
  c240('085', 'Ailos', campos240([38, 57])),
];
