import { isValidChaveAcesso } from '../../../core/chaveAcesso.ts';
import {
  DOCUMENTO_ARRECADACAO,
  MOTIVO_RESSARCIMENTO,
  MOTIVO_REST_COMPL,
  RESPONSAVEL_RETENCAO,
} from './tabelasSped.ts';

/** Reports one problem of the file: register, 1-based line, field, message and how to fix it. */
type Erro = (registro: string, linha: number, campo: string, mensagem: string, correcao: string) => void;

/** The codes the file's block 0 declares (0150, 0190, 0200). */
interface CodigosDeclarados {
  participantes: ReadonlySet<string>;
  unidades: ReadonlySet<string>;
  itens: ReadonlySet<string>;
}

const valor = (texto: string | undefined) => Number((texto ?? '').replace(',', '.')) || 0;
const igual = (a: number, b: number, tolerancia: number) => Math.abs(a - b) <= tolerancia;
/** DDMMAAAA → AAAAMMDD, comparable as text ('' when not a date). */
const isoDe = (ddmmaaaa: string) =>
  /^\d{8}$/.test(ddmmaaaa) ? `${ddmmaaaa.slice(4)}${ddmmaaaa.slice(2, 4)}${ddmmaaaa.slice(0, 2)}` : '';
const REFAZER = 'Corrija o registro no programa que o gerou e valide o arquivo novamente.';

/** COD_MOD_SAIDA of C181 and COD_MOD_ENTRADA of C186: the Guia's "Valores válidos". */
const MODELOS_SAIDA = ['01', '1B', '02', '2D', '04', '55', '59', '60', '65'];
const MODELOS_ENTRADA = ['01', '1B', '04', '55'];
/** Models whose document a C181/C186 names by its access key. */
const ELETRONICOS = ['55', '59', '60', '65'];
/** The third character of COD_MOT_REST_COMPL (Tabela 5.7) each register takes. */
const TERCEIRO_CARACTERE: Record<string, string[]> = {
  C181: ['5', '6', '7', '8'],
  C185: ['0', '1', '2', '3'],
  C186: ['4'],
};

/**
 * Rules of the ICMS-ST ressarcimento (C176) and restituição/complementação (C180, C181, C185, C186)
 * registers, from the Guia Prático EFD ICMS/IPI 3.1.8, Bloco C ("a obrigatoriedade e a forma de escrituração
 * deste registro serão definidas pela UF de domicílio do contribuinte"). The product does not write them
 * (README, "Arquivo SPED"), but an accountant may complete a file elsewhere and validate it here:
 * - C176 only on saídas, its last entrada dated up to the document's DT_DOC, with the NF-e key when the model
 *   is 55, VL_UNIT_ICMS_ULT_E = ALIQ_ICMS_ULT_E × VL_UNIT_LIMITE_BC_ICMS_ULT_E and VL_UNIT_RES =
 *   VL_UNIT_BC_ST × ALIQ_ST_ULT_E − VL_UNIT_ICMS_ULT_E, the retention's NF-e only when COD_RESP_RET is 2;
 * - C180 (entradas) and C181 (devoluções de saídas) under a C100 de entrada, never both under one item; C185
 *   (saídas) and C186 (devoluções de entradas) under a C100 de saída, never both in one document;
 * - COD_RESP_RET, COD_MOT_RES, COD_DA and the models from their lists; COD_MOT_REST_COMPL of the declarant's
 *   UF (Tabela 5.7) with the third character its register takes;
 * - participants, units and items declared in 0150, 0190 and 0200; access keys with a right check digit;
 *   referenced documents dated up to the end of the period; quantities and values above zero.
 */
export function validarRessarcimentoSt(registros: string[][], erro: Erro, codigos: CodigosDeclarados): void {
  const uf = registros[0]?.[8] ?? '';
  const dtFin = isoDe(registros[0]?.[4] ?? '');
  /** IND_OPER and DT_DOC of the current C100; the registers seen under it and under its current C170. */
  let operacao = '';
  let dataDocumento = '';
  let noDocumento = new Set<string>();
  let noItem = new Set<string>();

  registros.forEach((campos, index) => {
    const linha = index + 1;
    const reg = campos[0] ?? '';
    if (reg === 'C100') {
      operacao = campos[1] ?? '';
      dataDocumento = isoDe(campos[9] ?? '');
      noDocumento = new Set();
      noItem = new Set();
      return;
    }
    if (reg === 'C170') noItem = new Set();
    if (!['C176', 'C180', 'C181', 'C185', 'C186'].includes(reg)) return;

    const falha = (campo: string, mensagem: string, correcao = REFAZER) =>
      erro(reg, linha, campo, mensagem, correcao);
    const participante = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.participantes.has(codigo))
        falha(campo, `Participante ${codigo} sem registro 0150.`);
    };
    const unidade = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.unidades.has(codigo)) falha(campo, `Unidade ${codigo} sem registro 0190.`);
    };
    const item = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.itens.has(codigo)) falha(campo, `Item ${codigo} sem registro 0200.`);
    };
    const chave = (campo: string, texto: string | undefined) => {
      if (texto && !isValidChaveAcesso(texto))
        falha(campo, `Chave de acesso ${texto} com dígito verificador inválido.`);
    };
    const tabela = (campo: string, texto: string | undefined, valores: Readonly<Record<string, string>>) => {
      if (texto && !(texto in valores))
        falha(
          campo,
          `${campo} ${texto} inválido: use ${Object.entries(valores)
            .map(([codigo, nome]) => `${codigo} (${nome})`)
            .join(', ')}.`,
        );
    };
    const modelo = (campo: string, texto: string | undefined, validos: string[]) => {
      if (texto && !validos.includes(texto))
        falha(campo, `Modelo ${texto} inválido aqui: use ${validos.join(', ')}.`);
    };
    const ateData = (campo: string, texto: string | undefined, limite: string, oque: string) => {
      const data = isoDe(texto ?? '');
      if (data && limite && data > limite) falha(campo, `Data ${texto} depois ${oque}.`);
    };
    const positivo = (campo: string, texto: string | undefined) => {
      if (texto && !(valor(texto) > 0)) falha(campo, `${campo} deve ser maior que zero.`);
    };
    const operacaoDoDocumento = (esperada: '0' | '1', oque: string) => {
      if (operacao !== esperada)
        falha(
          'REG',
          `${reg} informa ${oque}; o documento (C100) é de ${operacao === '0' ? 'entrada' : 'saída'}.`,
        );
    };
    const sozinho = (grupo: Set<string>, outro: string, onde: string) => {
      grupo.add(reg);
      if (grupo.has(outro))
        falha('REG', `${reg} e ${outro} no mesmo ${onde}: o Guia Prático admite só um deles.`);
    };
    const motivo = (campo: string, texto: string | undefined) => {
      if (!texto) return;
      const match = MOTIVO_REST_COMPL.exec(texto);
      const terceiros = TERCEIRO_CARACTERE[reg] ?? [];
      if (!match)
        falha(
          campo,
          `${campo} ${texto} fora do formato da Tabela 5.7 (UF e três dígitos, ex.: ${uf}${terceiros[0]}00).`,
        );
      else if (match[1] !== uf)
        falha(
          campo,
          `${campo} ${texto} é da tabela de ${match[1]}; o estabelecimento é de ${uf}.`,
          `Use um código da Tabela 5.7 de ${uf}.`,
        );
      else if (!terceiros.includes(texto.charAt(2)))
        falha(
          campo,
          `${campo} ${texto}: no ${reg} o terceiro caractere do código da Tabela 5.7 é ${terceiros.join(', ')}.`,
        );
    };
    const chaveDoModelo = (
      campoModelo: string,
      campoChave: string,
      modeloTexto: string | undefined,
      chaveTexto: string | undefined,
    ) => {
      if (modeloTexto && ELETRONICOS.includes(modeloTexto) && !chaveTexto)
        falha(
          campoChave,
          `Documento eletrônico (modelo ${modeloTexto}, campo ${campoModelo}) sem a chave de acesso.`,
        );
    };

    switch (reg) {
      case 'C176': {
        operacaoDoDocumento('1', 'o ressarcimento de ST de uma saída');
        modelo('COD_MOD_ULT_E', campos[1], ['01', '55']);
        positivo('NUM_DOC_ULT_E', campos[2]);
        ateData('DT_ULT_E', campos[4], dataDocumento, 'da data do documento (DT_DOC do C100)');
        participante('COD_PART_ULT_E', campos[5]);
        positivo('QUANT_ULT_E', campos[6]);
        positivo('VL_UNIT_ULT_E', campos[7]);
        positivo('VL_UNIT_BC_ST', campos[8]);
        if (campos[1] === '55' && !campos[9])
          falha('CHAVE_NFE_ULT_E', 'Última entrada em NF-e (modelo 55) sem a chave de acesso.');
        chave('CHAVE_NFE_ULT_E', campos[9]);
        positivo('NUM_ITEM_ULT_E', campos[10]);
        const icmsUltimaEntrada = (valor(campos[12]) * valor(campos[13])) / 100;
        if (campos[14] && !igual(valor(campos[14]), icmsUltimaEntrada, 0.0051))
          falha(
            'VL_UNIT_ICMS_ULT_E',
            `VL_UNIT_ICMS_ULT_E (${campos[14]}) difere de ALIQ_ICMS_ULT_E × VL_UNIT_LIMITE_BC_ICMS_ULT_E (${icmsUltimaEntrada.toFixed(3).replace('.', ',')}).`,
          );
        positivo('ALIQ_ST_ULT_E', campos[15]);
        if (campos[15] && campos[16]) {
          const ressarcimento = (valor(campos[8]) * valor(campos[15])) / 100 - valor(campos[14]);
          if (!igual(valor(campos[16]), ressarcimento, 0.0051))
            falha(
              'VL_UNIT_RES',
              `VL_UNIT_RES (${campos[16]}) difere de VL_UNIT_BC_ST × ALIQ_ST_ULT_E − VL_UNIT_ICMS_ULT_E (${ressarcimento.toFixed(3).replace('.', ',')}).`,
            );
        }
        tabela('COD_RESP_RET', campos[17], RESPONSAVEL_RETENCAO);
        tabela('COD_MOT_RES', campos[18], MOTIVO_RESSARCIMENTO);
        chave('CHAVE_NFE_RET', campos[19]);
        participante('COD_PART_NFE_RET', campos[20]);
        for (const [i, campo] of [
          [19, 'CHAVE_NFE_RET'],
          [20, 'COD_PART_NFE_RET'],
        ] as const)
          if (campos[i] && campos[17] !== '2')
            falha(
              campo,
              `${campo} só pode ser informado quando a retenção é de remetente indireto (COD_RESP_RET 2).`,
            );
        tabela('COD_DA', campos[24], DOCUMENTO_ARRECADACAO);
        break;
      }
      case 'C180':
        operacaoDoDocumento('0', 'entradas de mercadorias sujeitas à ST');
        sozinho(noItem, 'C181', 'item (C170)');
        tabela('COD_RESP_RET', campos[1], RESPONSAVEL_RETENCAO);
        positivo('QUANT_CONV', campos[2]);
        unidade('UNID', campos[3]);
        tabela('COD_DA', campos[9], DOCUMENTO_ARRECADACAO);
        break;
      case 'C181':
        operacaoDoDocumento('0', 'devoluções de saídas (documento de entrada)');
        sozinho(noItem, 'C180', 'item (C170)');
        motivo('COD_MOT_REST_COMPL', campos[1]);
        positivo('QUANT_CONV', campos[2]);
        unidade('UNID', campos[3]);
        modelo('COD_MOD_SAIDA', campos[4], MODELOS_SAIDA);
        chaveDoModelo('COD_MOD_SAIDA', 'CHV_DFE_SAIDA', campos[4], campos[8]);
        chave('CHV_DFE_SAIDA', campos[8]);
        ateData('DT_DOC_SAIDA', campos[9], dtFin, 'do fim do período do arquivo');
        break;
      case 'C185':
      case 'C186':
        operacaoDoDocumento(
          '1',
          reg === 'C185'
            ? 'saídas de mercadorias sujeitas à ST'
            : 'devoluções de entradas (documento de saída)',
        );
        sozinho(noDocumento, reg === 'C185' ? 'C186' : 'C185', 'documento (C100)');
        item('COD_ITEM', campos[2]);
        if (campos[4] && !/^[567]/.test(campos[4]))
          falha('CFOP', `CFOP ${campos[4]} não é de saída (5, 6 ou 7).`);
        motivo('COD_MOT_REST_COMPL', campos[5]);
        positivo('QUANT_CONV', campos[6]);
        unidade('UNID', campos[7]);
        if (reg === 'C186') {
          modelo('COD_MOD_ENTRADA', campos[8], MODELOS_ENTRADA);
          chaveDoModelo('COD_MOD_ENTRADA', 'CHV_DFE_ENTRADA', campos[8], campos[11]);
          chave('CHV_DFE_ENTRADA', campos[11]);
          ateData('DT_DOC_ENTRADA', campos[12], dtFin, 'do fim do período do arquivo');
        }
        break;
    }
  });
}
