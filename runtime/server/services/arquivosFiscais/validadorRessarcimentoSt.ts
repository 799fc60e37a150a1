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
/** DDMMAAAA → AAAAMMDD, comparable as text ('' when not a date). */
const isoDe = (ddmmaaaa: string) =>
  /^\d{8}$/.test(ddmmaaaa) ? `${ddmmaaaa.slice(4)}${ddmmaaaa.slice(2, 4)}${ddmmaaaa.slice(0, 2)}` : '';
const REFAZER = 'Corrija o registro no programa que o gerou e valide o arquivo novamente.';

/** Models of the document a C181 (saída) or C186 (entrada) points to (Guia Prático, Tabela 4.1.1). */
const MODELOS_SAIDA = ['01', '1B', '02', '2D', '04', '55', '60', '65'];
const MODELOS_ENTRADA = ['01', '1B', '04', '55'];

/**
 * Rules of the ICMS-ST ressarcimento (C176) and restituição/complementação (C180, C181, C185, C186)
 * registers (Guia Prático EFD ICMS/IPI 3.1.x, Capítulo III, Bloco C). The product does not write them
 * (README, "Arquivo SPED"), but an accountant may complete a file elsewhere and validate it here:
 * - C180 (entradas) and C181 (devoluções de saídas) under a C100 de entrada; C185 (saídas) and C186
 *   (devoluções de entradas) under a C100 de saída;
 * - participants, units and items declared in 0150, 0190 and 0200; access keys with a right check digit;
 * - COD_RESP_RET, COD_MOT_RES and COD_DA from their tables; COD_DA required when the declarant itself paid
 *   the ST (COD_RESP_RET 3); COD_MOT_REST_COMPL of the declarant's UF (Tabela 5.7, AA999);
 * - referenced documents dated up to the end of the period; quantities above zero.
 */
export function validarRessarcimentoSt(registros: string[][], erro: Erro, codigos: CodigosDeclarados): void {
  const uf = registros[0]?.[8] ?? '';
  const dtFin = isoDe(registros[0]?.[4] ?? '');
  /** IND_OPER of the current C100 ('0' entrada, '1' saída). */
  let operacao = '';

  registros.forEach((campos, index) => {
    const linha = index + 1;
    const reg = campos[0] ?? '';
    if (reg === 'C100') {
      operacao = campos[1] ?? '';
      return;
    }
    if (!['C176', 'C180', 'C181', 'C185', 'C186'].includes(reg)) return;

    const participante = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.participantes.has(codigo))
        erro(reg, linha, campo, `Participante ${codigo} sem registro 0150.`, REFAZER);
    };
    const unidade = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.unidades.has(codigo))
        erro(reg, linha, campo, `Unidade ${codigo} sem registro 0190.`, REFAZER);
    };
    const item = (campo: string, codigo: string | undefined) => {
      if (codigo && !codigos.itens.has(codigo))
        erro(reg, linha, campo, `Item ${codigo} sem registro 0200.`, REFAZER);
    };
    const chave = (campo: string, texto: string | undefined) => {
      if (texto && !isValidChaveAcesso(texto))
        erro(reg, linha, campo, `Chave de acesso ${texto} com dígito verificador inválido.`, REFAZER);
    };
    const tabela = (campo: string, texto: string | undefined, valores: Readonly<Record<string, string>>) => {
      if (texto && !(texto in valores))
        erro(
          reg,
          linha,
          campo,
          `${campo} ${texto} inválido: use ${Object.entries(valores)
            .map(([codigo, nome]) => `${codigo} (${nome})`)
            .join(', ')}.`,
          REFAZER,
        );
    };
    const modelo = (campo: string, texto: string | undefined, validos: string[]) => {
      if (texto && !validos.includes(texto))
        erro(reg, linha, campo, `Modelo ${texto} inválido aqui: use ${validos.join(', ')}.`, REFAZER);
    };
    const ateOFim = (campo: string, texto: string | undefined) => {
      const data = isoDe(texto ?? '');
      if (data && dtFin && data > dtFin)
        erro(reg, linha, campo, `Data ${texto} depois do fim do período do arquivo.`, REFAZER);
    };
    const quantidade = (campo: string, texto: string | undefined) => {
      if (texto && !(valor(texto) > 0)) erro(reg, linha, campo, `${campo} deve ser maior que zero.`, REFAZER);
    };
    const operacaoDoDocumento = (esperada: '0' | '1', oque: string) => {
      if (operacao !== esperada)
        erro(
          reg,
          linha,
          'REG',
          `${reg} informa ${oque}; o documento (C100) é de ${operacao === '0' ? 'entrada' : 'saída'}.`,
          REFAZER,
        );
    };
    const motivoUf = (campo: string, texto: string | undefined) => {
      if (!texto) return;
      const match = MOTIVO_REST_COMPL.exec(texto);
      if (!match)
        erro(
          reg,
          linha,
          campo,
          `${campo} ${texto} fora do formato da Tabela 5.7 (UF e três dígitos, ex.: ${uf}000).`,
          REFAZER,
        );
      else if (match[1] !== uf)
        erro(
          reg,
          linha,
          campo,
          `${campo} ${texto} é da tabela de ${match[1]}; o estabelecimento é de ${uf}.`,
          `Use um código da Tabela 5.7 de ${uf}.`,
        );
    };

    switch (reg) {
      case 'C176':
        modelo('COD_MOD_ULT_E', campos[1], ['01', '55']);
        ateOFim('DT_ULT_E', campos[4]);
        participante('COD_PART_ULT_E', campos[5]);
        quantidade('QUANT_ULT_E', campos[6]);
        chave('CHAVE_NFE_ULT_E', campos[9]);
        tabela('COD_RESP_RET', campos[17], RESPONSAVEL_RETENCAO);
        tabela('COD_MOT_RES', campos[18], MOTIVO_RESSARCIMENTO);
        chave('CHAVE_NFE_RET', campos[19]);
        participante('COD_PART_NFE_RET', campos[20]);
        tabela('COD_DA', campos[24], DOCUMENTO_ARRECADACAO);
        if (campos[17] === '3' && !campos[24])
          erro(
            reg,
            linha,
            'COD_DA',
            'ICMS-ST recolhido pelo próprio declarante (COD_RESP_RET 3) sem o modelo do documento de arrecadação.',
            'Informe COD_DA (0 documento estadual, 1 GNRE) e NUM_DA.',
          );
        break;
      case 'C180':
        operacaoDoDocumento('0', 'entradas de mercadorias sujeitas à ST');
        tabela('COD_RESP_RET', campos[1], RESPONSAVEL_RETENCAO);
        quantidade('QUANT_CONV', campos[2]);
        unidade('UNID', campos[3]);
        tabela('COD_DA', campos[9], DOCUMENTO_ARRECADACAO);
        if (campos[1] === '3' && !campos[9])
          erro(
            reg,
            linha,
            'COD_DA',
            'ICMS-ST recolhido pelo próprio declarante (COD_RESP_RET 3) sem o modelo do documento de arrecadação.',
            'Informe COD_DA (0 documento estadual, 1 GNRE) e NUM_DA.',
          );
        break;
      case 'C181':
        operacaoDoDocumento('0', 'devoluções de saídas (documento de entrada)');
        motivoUf('COD_MOT_REST_COMPL', campos[1]);
        quantidade('QUANT_CONV', campos[2]);
        unidade('UNID', campos[3]);
        modelo('COD_MOD_SAIDA', campos[4], MODELOS_SAIDA);
        chave('CHV_DFE_SAIDA', campos[8]);
        ateOFim('DT_DOC_SAIDA', campos[9]);
        break;
      case 'C185':
      case 'C186':
        operacaoDoDocumento(
          '1',
          reg === 'C185'
            ? 'saídas de mercadorias sujeitas à ST'
            : 'devoluções de entradas (documento de saída)',
        );
        item('COD_ITEM', campos[2]);
        if (campos[4] && !/^[567]/.test(campos[4]))
          erro(reg, linha, 'CFOP', `CFOP ${campos[4]} não é de saída (5, 6 ou 7).`, REFAZER);
        motivoUf('COD_MOT_REST_COMPL', campos[5]);
        quantidade('QUANT_CONV', campos[6]);
        unidade('UNID', campos[7]);
        if (reg === 'C186') {
          modelo('COD_MOD_ENTRADA', campos[8], MODELOS_ENTRADA);
          chave('CHV_DFE_ENTRADA', campos[11]);
          ateOFim('DT_DOC_ENTRADA', campos[12]);
        }
        break;
    }
  });
}
