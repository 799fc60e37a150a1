import { UF_POR_CODIGO_IBGE } from '../../../core/fiscal/inscricaoEstadual.ts';
import {
  CFOP_DEVOLUCAO_ST,
  CFOP_RESSARCIMENTO_ST,
  OBRIGACAO,
  type RegistroObrigacao,
  TABELA_5_4,
} from './tabelasSped.ts';

/** Reports one error of the file: register, 1-based line, field, message and how to fix it. */
type Erro = (registro: string, linha: number, campo: string, mensagem: string, correcao: string) => void;

const valor = (texto: string | undefined) => Number((texto ?? '').replace(',', '.')) || 0;
const igual = (a: number, b: number) => Math.abs(a - b) < 0.005;
const brl = (n: number) => n.toFixed(2).replace('.', ',');
const REFAZER = 'Gere o arquivo novamente.';
/** DDMMAAAA → AAAAMMDD, comparable as text. */
const isoDe = (ddmmaaaa: string) => `${ddmmaaaa.slice(4)}${ddmmaaaa.slice(2, 4)}${ddmmaaaa.slice(0, 2)}`;

/**
 * Balance rule shared by E210 and E310 (Guia Prático, campos VL_SLD_DEV_ANT, VL_ICMS_RECOL/VL_RECOL and
 * VL_SLD_CRED_TRANSPORTAR): debits − credits when positive is the saldo devedor, else zero and the
 * difference is carried; what is paid is the saldo devedor less the deductions. Returns the fields off.
 */
export function conferirSaldo(
  debitos: number,
  creditos: number,
  declarado: { devedor: number; deducoes: number; recolher: number; transportar: number },
): string[] {
  const resultado = debitos - creditos;
  const devedor = Math.max(0, resultado);
  const recolher = Math.max(0, devedor - declarado.deducoes);
  const transportar = Math.max(0, -resultado) + Math.max(0, declarado.deducoes - devedor);
  const errados: string[] = [];
  if (!igual(declarado.devedor, devedor)) errados.push(`saldo devedor ${brl(devedor)}`);
  if (!igual(declarado.recolher, recolher)) errados.push(`a recolher ${brl(recolher)}`);
  if (!igual(declarado.transportar, transportar))
    errados.push(`saldo credor a transportar ${brl(transportar)}`);
  return errados;
}

interface Apuracao {
  uf: string;
  linha: number;
  campos: string[];
  obrigacoes: number;
  /** VL_OR of the obligations with code 006 (FCP) under this E310. */
  fcp: number;
}

/** An ST assessment's sums by UF from the C190 of the documents. */
type SomaSt = {
  retencao: number;
  devolucao: number;
  ressarcimento: number;
  /** ST of the other entradas (CFOP 1 and 2 outside devolução and ressarcimento): E210 campo 06. */
  outrasEntradas: number;
};

/**
 * COD_OR of E116, E250 and E316 against the Tabela 5.4 (tabelasSped): a code outside the table, or one the
 * register does not take (the Guia's "Valores válidos" per register), is an error; ST pelas saídas "para o
 * Estado" (002) only in the E250 of the company's own UF and "para outro Estado" (999) only in that of
 * another UF, as the table's own words say.
 */
function conferirObrigacao(
  registro: RegistroObrigacao,
  linha: number,
  codigo: string,
  ufApuracao: string,
  ufEmitente: string,
  erro: Erro,
): void {
  const obrigacao = TABELA_5_4[codigo];
  if (!obrigacao) {
    erro(
      registro,
      linha,
      'COD_OR',
      `Código de obrigação ${codigo} inexistente na Tabela 5.4 do Guia Prático (000, 001, 002, 003, 004, 005, 006, 090, 999).`,
      REFAZER,
    );
    return;
  }
  if (!obrigacao.registros.includes(registro)) {
    const validos = Object.entries(TABELA_5_4)
      .filter(([, item]) => item.registros.includes(registro))
      .map(([cod]) => cod);
    erro(
      registro,
      linha,
      'COD_OR',
      `Código de obrigação ${codigo} (${obrigacao.descricao}) não é aceito no ${registro}: use ${validos.join(', ')}.`,
      REFAZER,
    );
  }
  if (registro !== 'E250') return;
  if (codigo === OBRIGACAO.stSaidasEstado && ufApuracao !== ufEmitente)
    erro(
      registro,
      linha,
      'COD_OR',
      `Código 002 (ST pelas saídas para o Estado) na apuração da UF ${ufApuracao}, que não é a do estabelecimento (${ufEmitente}): use 999.`,
      REFAZER,
    );
  if (codigo === OBRIGACAO.stSaidasOutroEstado && ufApuracao === ufEmitente)
    erro(
      registro,
      linha,
      'COD_OR',
      `Código 999 (ST pelas saídas para outro Estado) na apuração da própria UF do estabelecimento (${ufEmitente}): use 002.`,
      REFAZER,
    );
}

/** MES_REF (MMAAAA) of E116, E250 and E316 "não pode ser superior à competência do campo DT_INI do 0000". */
function conferirMesReferencia(
  registro: RegistroObrigacao,
  linha: number,
  mesRef: string | undefined,
  dtIni: string,
  erro: Erro,
): void {
  if (!mesRef || !/^\d{6}$/.test(mesRef) || !/^\d{8}$/.test(dtIni)) return;
  if (`${mesRef.slice(2)}${mesRef.slice(0, 2)}` > `${dtIni.slice(4)}${dtIni.slice(2, 4)}`)
    erro(
      registro,
      linha,
      'MES_REF',
      `Mês de referência ${mesRef} depois do mês do arquivo (${dtIni.slice(2)}).`,
      REFAZER,
    );
}

/**
 * The ICMS-ST (E200/E210/E250) and DIFAL/FCP (E300/E310/E316) rules of an EFD: E210 and E310 arithmetic,
 * E250 and E316 summing to what is owed, and the sums by UF against the documents (C190 VL_ICMS_ST of
 * saídas and devoluções, C101). An operation's UF is the company's for CFOP 1 and 5, else the participant's
 * (0150 COD_MUN); documents whose participant has no município are left out of the sums by UF.
 */
export function validarSubstituicao(registros: string[][], erro: Erro, advertencia: Erro): void {
  const ufEmitente = registros[0]?.[8] ?? '';
  const [dtIni, dtFin] = [registros[0]?.[3] ?? '', registros[0]?.[4] ?? ''];
  const ufDoParticipante = new Map<string, string>();
  for (const campos of registros)
    if (campos[0] === '0150' && campos[7])
      ufDoParticipante.set(campos[1] ?? '', UF_POR_CODIGO_IBGE[campos[7].slice(0, 2)] ?? '');

  const st = new Map<string, SomaSt>();
  const semSt: SomaSt = { retencao: 0, devolucao: 0, ressarcimento: 0, outrasEntradas: 0 };
  const difal = new Map<string, { difal: number; fcp: number }>();
  const somar = <T extends Record<string, number>>(
    mapa: Map<string, T>,
    uf: string,
    vazio: T,
    parte: Partial<T>,
  ) => {
    const soma = mapa.get(uf) ?? { ...vazio };
    for (const [chave, n] of Object.entries(parte))
      (soma as Record<string, number>)[chave] = (soma[chave] ?? 0) + (n ?? 0);
    mapa.set(uf, soma);
  };
  const e210: Apuracao[] = [];
  const e310: Apuracao[] = [];
  const ufsE200 = new Set<string>();
  const ufsE300 = new Set<string>();
  let participante = '';
  let ufAtual = '';
  // A document whose participant has no município (itself an error of 0150) cannot be placed in a UF: the
  // sums by UF are then not compared, so that error is not reported twice under other names.
  let semUf = false;

  registros.forEach((campos, index) => {
    const linha = index + 1;
    switch (campos[0]) {
      case 'C100':
        participante = ['00', '01', '06', '07', '08'].includes(campos[5] ?? '') ? (campos[3] ?? '') : '';
        break;
      case 'C101': {
        const uf = ufDoParticipante.get(participante);
        if (uf) somar(difal, uf, { difal: 0, fcp: 0 }, { difal: valor(campos[2]), fcp: valor(campos[1]) });
        else semUf = true;
        if (valor(campos[3]) > 0) somar(difal, ufEmitente, { difal: 0, fcp: 0 }, { difal: valor(campos[3]) });
        break;
      }
      case 'C190': {
        const cfop = campos[2] ?? '';
        const vlSt = valor(campos[8]);
        if (vlSt === 0 || !/^[1256]/.test(cfop)) break;
        const parte: Partial<SomaSt> = /^[56]/.test(cfop)
          ? { retencao: vlSt }
          : CFOP_DEVOLUCAO_ST.has(cfop)
            ? { devolucao: vlSt }
            : CFOP_RESSARCIMENTO_ST.has(cfop)
              ? { ressarcimento: vlSt }
              : { outrasEntradas: vlSt };
        const uf = /^[15]/.test(cfop) ? ufEmitente : ufDoParticipante.get(participante);
        if (uf) somar(st, uf, semSt, parte);
        else semUf = true;
        break;
      }
      case 'E200':
      case 'E300': {
        ufAtual = campos[1] ?? '';
        const ufs = campos[0] === 'E200' ? ufsE200 : ufsE300;
        if (ufs.has(ufAtual))
          erro(campos[0], linha, 'UF', `Mais de um ${campos[0]} para a UF ${ufAtual}.`, REFAZER);
        ufs.add(ufAtual);
        const [inicio, fim] = [isoDe(campos[2] ?? ''), isoDe(campos[3] ?? '')];
        if (inicio < isoDe(dtIni) || fim > isoDe(dtFin) || inicio > fim)
          erro(
            campos[0],
            linha,
            'DT_FIN',
            `Período ${campos[2]} a ${campos[3]} do ${campos[0]} fora do período do arquivo.`,
            REFAZER,
          );
        if (!(Object.values(UF_POR_CODIGO_IBGE) as string[]).includes(ufAtual))
          erro(campos[0], linha, 'UF', `UF ${ufAtual} inexistente.`, 'Confira a UF do participante.');
        break;
      }
      case 'E210':
        e210.push({ uf: ufAtual, linha, campos, obrigacoes: 0, fcp: 0 });
        break;
      case 'E310':
        e310.push({ uf: ufAtual, linha, campos, obrigacoes: 0, fcp: 0 });
        break;
      case 'E116':
        if (campos[1]) conferirObrigacao('E116', linha, campos[1], ufEmitente, ufEmitente, erro);
        conferirMesReferencia('E116', linha, campos[9], dtIni, erro);
        break;
      case 'E250': {
        const atual = e210.at(-1);
        if (atual) atual.obrigacoes += valor(campos[2]);
        if (campos[1]) conferirObrigacao('E250', linha, campos[1], ufAtual, ufEmitente, erro);
        conferirMesReferencia('E250', linha, campos[9], dtIni, erro);
        break;
      }
      case 'E316': {
        const atual = e310.at(-1);
        if (atual) atual.obrigacoes += valor(campos[2]);
        if (atual && campos[1] === OBRIGACAO.fcp) atual.fcp += valor(campos[2]);
        if (campos[1]) conferirObrigacao('E316', linha, campos[1], ufAtual, ufEmitente, erro);
        conferirMesReferencia('E316', linha, campos[9], dtIni, erro);
        break;
      }
    }
  });

  for (const a of e210) {
    const c = a.campos.map((texto) => valor(texto));
    const errados = conferirSaldo(c[7]! + c[8]! + c[9]!, c[2]! + c[3]! + c[4]! + c[5]! + c[6]!, {
      devedor: c[10]!,
      deducoes: c[11]!,
      recolher: c[12]!,
      transportar: c[13]!,
    });
    if (errados.length > 0)
      erro(
        'E210',
        a.linha,
        'VL_SLD_DEV_ANT_ST',
        `Apuração do ICMS-ST da UF ${a.uf} não confere: esperado ${errados.join(', ')}.`,
        REFAZER,
      );
    const documentos: SomaSt = semUf
      ? { retencao: c[7]!, devolucao: c[3]!, ressarcimento: c[4]!, outrasEntradas: c[5]! }
      : (st.get(a.uf) ?? semSt);
    if (!igual(c[7]!, documentos.retencao))
      erro(
        'E210',
        a.linha,
        'VL_RETENCAO_ST',
        `VL_RETENCAO_ST da UF ${a.uf} (${brl(c[7]!)}) difere do ICMS-ST das saídas nos C190 (${brl(documentos.retencao)}).`,
        REFAZER,
      );
    if (!igual(c[3]!, documentos.devolucao))
      erro(
        'E210',
        a.linha,
        'VL_DEVOL_ST',
        `VL_DEVOL_ST da UF ${a.uf} (${brl(c[3]!)}) difere do ICMS-ST das devoluções nos C190 (${brl(documentos.devolucao)}).`,
        REFAZER,
      );
    if (!igual(c[4]!, documentos.ressarcimento))
      erro(
        'E210',
        a.linha,
        'VL_RESSARC_ST',
        `VL_RESSARC_ST da UF ${a.uf} (${brl(c[4]!)}) difere do ICMS-ST das notas de ressarcimento (CFOP 1603, 2603) nos C190 (${brl(documentos.ressarcimento)}).`,
        REFAZER,
      );
    // Guia, E210 campo 06: Σ E220 "outros créditos" (no E220 here) + the C190 ST of the other entradas of
    // the UF. The generator books a supplier's ST in the goods' value (stSemCreditoNasEntradas), so it is 0.
    if (!igual(c[5]!, documentos.outrasEntradas))
      erro(
        'E210',
        a.linha,
        'VL_OUT_CRED_ST',
        `VL_OUT_CRED_ST da UF ${a.uf} (${brl(c[5]!)}) difere do ICMS-ST das demais entradas nos C190 (${brl(documentos.outrasEntradas)}).`,
        'O ICMS-ST retido pelo fornecedor, sem direito a crédito, vai no valor das mercadorias (C100 VL_MERC, C170 VL_ITEM), não nos campos de ST: gere o arquivo novamente.',
      );
    if (!igual(a.obrigacoes, c[12]! + c[14]!))
      erro(
        'E250',
        a.linha,
        'VL_OR',
        `A soma dos E250 da UF ${a.uf} (${brl(a.obrigacoes)}) difere do ICMS-ST a recolher mais débitos especiais (${brl(c[12]! + c[14]!)}).`,
        'Informe o código de receita do ICMS-ST ao gerar o arquivo.',
      );
  }
  // E200 "Validação do Registro": obligatory for every UF whose C190 carry ICMS-ST, entradas included.
  for (const [uf, soma] of st) {
    const total = soma.retencao + soma.devolucao + soma.ressarcimento + soma.outrasEntradas;
    if (!ufsE200.has(uf) && total > 0)
      erro(
        'E200',
        0,
        'UF',
        `ICMS-ST de operações com a UF ${uf} (${brl(total)}) sem registro E200.`,
        REFAZER,
      );
  }

  for (const a of e310) {
    const c = a.campos.map((texto) => valor(texto));
    const difalErrado = conferirSaldo(c[3]! + c[4]!, c[2]! + c[5]! + c[6]!, {
      devedor: c[7]!,
      deducoes: c[8]!,
      recolher: c[9]!,
      transportar: c[10]!,
    });
    if (difalErrado.length > 0)
      erro(
        'E310',
        a.linha,
        'VL_SLD_DEV_ANT_DIFAL',
        `Apuração do DIFAL da UF ${a.uf} não confere: esperado ${difalErrado.join(', ')}.`,
        REFAZER,
      );
    const fcpErrado = conferirSaldo(c[13]! + c[14]!, c[12]! + c[15]! + c[16]!, {
      devedor: c[17]!,
      deducoes: c[18]!,
      recolher: c[19]!,
      transportar: c[20]!,
    });
    if (fcpErrado.length > 0)
      erro(
        'E310',
        a.linha,
        'VL_SLD_DEV_ANT_FCP',
        `Apuração do FCP da UF ${a.uf} não confere: esperado ${fcpErrado.join(', ')}.`,
        REFAZER,
      );
    const documentos = semUf ? { difal: c[3]!, fcp: c[13]! } : (difal.get(a.uf) ?? { difal: 0, fcp: 0 });
    if (!igual(c[3]!, documentos.difal))
      erro(
        'E310',
        a.linha,
        'VL_TOT_DEBITOS_DIFAL',
        `VL_TOT_DEBITOS_DIFAL da UF ${a.uf} (${brl(c[3]!)}) difere do DIFAL dos C101 (${brl(documentos.difal)}).`,
        REFAZER,
      );
    if (!igual(c[13]!, documentos.fcp))
      erro(
        'E310',
        a.linha,
        'VL_TOT_DEB_FCP',
        `VL_TOT_DEB_FCP da UF ${a.uf} (${brl(c[13]!)}) difere do FCP dos C101 (${brl(documentos.fcp)}).`,
        REFAZER,
      );
    const devido = c[9]! + c[19]! + c[11]! + c[21]!;
    if (!igual(a.fcp, c[19]! + c[21]!))
      advertencia(
        'E316',
        a.linha,
        'COD_OR',
        `O FCP a recolher da UF ${a.uf} (${brl(c[19]! + c[21]!)}) difere das obrigações com código 006 (${brl(a.fcp)}).`,
        'Informe o FCP numa obrigação com código 006 (Tabela 5.4) e o DIFAL noutra.',
      );
    if (!igual(a.obrigacoes, devido))
      erro(
        'E316',
        a.linha,
        'VL_OR',
        `A soma dos E316 da UF ${a.uf} (${brl(a.obrigacoes)}) difere do DIFAL e FCP a recolher mais débitos especiais (${brl(devido)}).`,
        'Informe os códigos de receita do DIFAL e do FCP ao gerar o arquivo.',
      );
  }
  for (const [uf, soma] of difal)
    if (!ufsE300.has(uf) && (soma.difal > 0 || soma.fcp > 0))
      erro(
        'E300',
        0,
        'UF',
        `DIFAL/FCP de vendas para a UF ${uf} (${brl(soma.difal + soma.fcp)}) sem registro E300.`,
        REFAZER,
      );
}
