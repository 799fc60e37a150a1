/**
 * The situações of a nota fiscal (enum situacaoDocumentoFiscal) the emission screen acts on, and what each
 * allows: transmit (em digitação, rejeitada), consult SEFAZ again (contingência, erro de transmissão, em
 * processamento), the documents and events of an authorised one.
 */
export const SITUACAO = {
  EM_DIGITACAO: 0,
  AUTORIZADO: 1,
  CANCELADO: 2,
  REJEITADO: 3,
  DENEGADO: 4,
  CONTINGENCIA: 5,
  ERRO: 6,
  EM_PROCESSAMENTO: 7,
  INUTILIZADO: 8,
} as const;

/** What the screen offers for a nota in `situacao`. */
export function acoesDaSituacao(situacao: number) {
  return {
    transmitir: situacao === SITUACAO.EM_DIGITACAO || situacao === SITUACAO.REJEITADO,
    consultar:
      situacao === SITUACAO.CONTINGENCIA ||
      situacao === SITUACAO.ERRO ||
      situacao === SITUACAO.EM_PROCESSAMENTO,
    /** Polled until SEFAZ gives a final answer (a lote waiting for its recibo). */
    aguardar: situacao === SITUACAO.EM_PROCESSAMENTO,
    documentos: situacao === SITUACAO.AUTORIZADO || situacao === SITUACAO.CANCELADO,
    eventos: situacao === SITUACAO.AUTORIZADO,
  };
}

/** The MUI colour of the situação chip. */
export function corDaSituacao(
  situacao: number,
): 'default' | 'success' | 'error' | 'warning' | 'info' | 'secondary' {
  switch (situacao) {
    case SITUACAO.AUTORIZADO:
      return 'success';
    case SITUACAO.CANCELADO:
      return 'secondary';
    case SITUACAO.REJEITADO:
    case SITUACAO.CONTINGENCIA:
      return 'warning';
    case SITUACAO.DENEGADO:
    case SITUACAO.ERRO:
      return 'error';
    case SITUACAO.EM_PROCESSAMENTO:
      return 'info';
    default:
      return 'default';
  }
}

/** SEFAZ's answer as one line: "100 — Autorizado o uso da NF-e", or the motive alone without a cStat. */
export function respostaSefaz(cStat: number | null | undefined, xMotivo: string | null | undefined): string {
  const motivo = (xMotivo ?? '').trim();
  if (cStat === null || cStat === undefined) return motivo;
  // The stored motive of a rejection already starts with its code ("778 — …").
  if (motivo.startsWith(String(cStat))) return motivo;
  return motivo ? `${cStat} — ${motivo}` : String(cStat);
}
