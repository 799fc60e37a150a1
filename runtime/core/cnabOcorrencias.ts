import type { CnabLayout } from './parseRetornoCnab.ts';

/** What processing an occurrence does to its boleto. */
export type EfeitoOcorrencia = 'liquidacao' | 'baixa' | 'entrada' | 'informativa';

// Código de movimento de retorno of FEBRABAN CNAB 240 (nota C044).
const CNAB240: Record<string, string> = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '04': 'Transferência de carteira/entrada',
  '05': 'Transferência de carteira/baixa',
  '06': 'Liquidação',
  '07': 'Confirmação do recebimento da instrução de desconto',
  '08': 'Confirmação do recebimento do cancelamento do desconto',
  '09': 'Baixa',
  '11': 'Títulos em carteira (em ser)',
  '12': 'Confirmação do recebimento da instrução de abatimento',
  '13': 'Confirmação do recebimento do cancelamento do abatimento',
  '14': 'Confirmação do recebimento da alteração de vencimento',
  '15': 'Franco de pagamento',
  '17': 'Liquidação após baixa ou de título não registrado',
  '19': 'Confirmação do recebimento da instrução de protesto',
  '20': 'Confirmação do recebimento da instrução de sustação de protesto',
  '23': 'Remessa a cartório',
  '24': 'Retirada de cartório e manutenção em carteira',
  '25': 'Protestado e baixado',
  '26': 'Instrução rejeitada',
  '27': 'Confirmação do pedido de alteração de outros dados',
  '28': 'Débito de tarifas/custas',
  '29': 'Ocorrências do pagador',
  '30': 'Alteração de dados rejeitada',
};

// Código de ocorrência of CNAB 400 (Bradesco's list, which most banks follow for these codes).
const CNAB400: Record<string, string> = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '06': 'Liquidação',
  '09': 'Baixa automática',
  '10': 'Baixa por instrução',
  '11': 'Título em ser',
  '12': 'Abatimento concedido',
  '13': 'Abatimento cancelado',
  '14': 'Vencimento alterado',
  '15': 'Liquidação em cartório',
  '16': 'Título pago em cheque (aguardando compensação)',
  '17': 'Liquidação após baixa ou de título não registrado',
  '18': 'Acerto de depositária',
  '19': 'Confirmação da instrução de protesto',
  '20': 'Confirmação da sustação de protesto',
  '21': 'Acerto do controle do participante',
  '22': 'Pagamento cancelado',
  '23': 'Título enviado a cartório',
  '24': 'Entrada rejeitada por CEP irregular',
  '27': 'Baixa rejeitada',
  '28': 'Débito de tarifas/custas',
  '30': 'Alteração de outros dados rejeitada',
  '32': 'Instrução rejeitada',
  '33': 'Confirmação da alteração de outros dados',
  '34': 'Retirado de cartório e mantido em carteira',
  '35': 'Desagendamento do débito automático',
};

const EFEITOS: Record<CnabLayout, Record<string, EfeitoOcorrencia>> = {
  CNAB240: { '02': 'entrada', '06': 'liquidacao', '17': 'liquidacao', '09': 'baixa', '25': 'baixa' },
  CNAB400: {
    '02': 'entrada',
    '06': 'liquidacao',
    '15': 'liquidacao',
    '17': 'liquidacao',
    '09': 'baixa',
    '10': 'baixa',
  },
};

/** The pt-BR text of an occurrence code ("Ocorrência 45" when the layout's list does not have it). */
export function textoOcorrencia(layout: CnabLayout, codigo: string): string {
  return (layout === 'CNAB240' ? CNAB240 : CNAB400)[codigo] ?? `Ocorrência ${codigo}`;
}

/** What an occurrence code does: settles the boleto, writes it off, confirms its registration or nothing. */
export function efeitoOcorrencia(layout: CnabLayout, codigo: string): EfeitoOcorrencia {
  return EFEITOS[layout][codigo] ?? 'informativa';
}
