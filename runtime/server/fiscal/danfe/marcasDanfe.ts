import { marcaDagua, type Pdf } from './danfeDesenho.ts';
import type { DanfeModelo, OpcoesDanfe } from './danfeModelo.ts';

/** Whether the DANFE is printed without fiscal value: homologação, or no authorisation protocol (a preview). */
export const semValorFiscal = (nota: DanfeModelo) => nota.ambiente === 2 || !nota.protocolo;

/**
 * The page's watermarks: "SEM VALOR FISCAL" (homologação or not authorised) and "CANCELADA" (the note was
 * cancelled), drawn last, translucent, across the products area.
 */
export function marcasDaPagina(doc: Pdf, nota: DanfeModelo, opcoes: OpcoesDanfe, escala = 1) {
  const altura = doc.page.height;
  if (opcoes.cancelada) marcaDagua(doc, 'CANCELADA', '#c62828', 78 * escala, altura * 0.45);
  if (semValorFiscal(nota))
    marcaDagua(doc, 'SEM VALOR FISCAL', '#757575', 54 * escala, altura * (opcoes.cancelada ? 0.65 : 0.55));
}
