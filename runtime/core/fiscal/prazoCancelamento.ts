import { formatDateTime } from '../formatDate.ts';
import prazosNfce from './prazosCancelamentoNfce.json' with { type: 'json' };

/** One UF's NFC-e cancellation rules (see prazosCancelamentoNfce.json for the sources). */
export interface PrazoCancelamentoUf {
  /** Evento 110111: minutes from the Autorização de Uso. */
  cancelamentoMinutos: number;
  /** Evento 110112 (cancelamento por substituição): hours from the Autorização de Uso. */
  substituicaoHoras: number;
  /** The UF's procedure after the window (pt-BR, starting in lower case), or null when it has none. */
  extemporaneo: string | null;
}

export interface TabelaPrazosNfce {
  padrao: PrazoCancelamentoUf;
  ufs: Record<string, PrazoCancelamentoUf>;
}

/** NF-e (modelo 55): 24 hours from the Autorização de Uso (Ajuste SINIEF 07/05, NT 2015.002 rejeição 501). */
export const PRAZO_CANCELAMENTO_NFE_HORAS = 24;

const TABELA_NFCE = prazosNfce as TabelaPrazosNfce;

/** The NFC-e cancellation rules of `uf` (the national default for a UF not in the table). */
export function prazoCancelamentoNfce(
  uf: string,
  tabela: TabelaPrazosNfce = TABELA_NFCE,
): PrazoCancelamentoUf {
  return tabela.ufs[uf.toUpperCase()] ?? tabela.padrao;
}

export interface PedidoCancelamento {
  modelo: 55 | 65;
  /** UF of the emitente (the chave's cUF). */
  uf: string;
  autorizadaEm: Date;
  agora: Date;
}

/** The window of a cancellation in milliseconds and its pt-BR name ("30 minutos", "24 horas"). */
export function janelaCancelamento(
  modelo: 55 | 65,
  uf: string,
  tabela: TabelaPrazosNfce = TABELA_NFCE,
): { ms: number; texto: string } {
  if (modelo === 55)
    return { ms: PRAZO_CANCELAMENTO_NFE_HORAS * 3600_000, texto: `${PRAZO_CANCELAMENTO_NFE_HORAS} horas` };
  const minutos = prazoCancelamentoNfce(uf, tabela).cancelamentoMinutos;
  return { ms: minutos * 60_000, texto: `${minutos} minuto${minutos === 1 ? '' : 's'}` };
}

/**
 * Null while the cancellation (evento 110111) is within the legal window of the document's model and UF;
 * past it, the pt-BR refusal naming the window, the authorisation time and what can still be done there
 * (the UF's extemporaneous procedure, else a nota de devolução).
 */
export function recusaPrazoCancelamento(
  pedido: PedidoCancelamento,
  tabela: TabelaPrazosNfce = TABELA_NFCE,
): string | null {
  const { ms, texto } = janelaCancelamento(pedido.modelo, pedido.uf, tabela);
  if (pedido.agora.getTime() - pedido.autorizadaEm.getTime() <= ms) return null;
  const documento = pedido.modelo === 55 ? 'NF-e' : 'NFC-e';
  const uf = pedido.uf.toUpperCase();
  const extemporaneo = pedido.modelo === 65 ? prazoCancelamentoNfce(uf, tabela).extemporaneo : null;
  const saida = extemporaneo
    ? `Em ${uf}, ${extemporaneo}; sem isso, emita uma nota de devolução.`
    : 'Para desfazer a operação, emita uma nota de devolução.';
  return `O prazo para cancelar a ${documento} em ${uf} (${texto} da autorização em ${formatDateTime(pedido.autorizadaEm)}) terminou. ${saida}`;
}
