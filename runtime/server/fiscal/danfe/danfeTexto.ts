import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';

/** Number formats and texts shared by the DANFE and the DANFCE (pt-BR, as the MOC's examples print them). */

const formatos = new Map<number, Intl.NumberFormat>();
/** 1.234,56 with `casas` decimals (no currency sign: the DANFE's columns say what they hold). */
export function numeroBr(valor: number, casas = 2): string {
  let formato = formatos.get(casas);
  if (!formato) {
    formato = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });
    formatos.set(casas, formato);
  }
  return formato.format(valor);
}

/** The chave de acesso in groups of 4 characters (MOC: "1234 5678 …"). */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

/** nNF as the DANFE prints it: 000.001.301. */
export const numeroNota = (numero: number) =>
  String(numero)
    .padStart(9, '0')
    .replace(/^(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3');

export const serieNota = (serie: number) => String(serie).padStart(3, '0');

/** CNPJ/CPF formatted, an alphanumeric CNPJ too; '' stays ''. */
export const documento = (valor: string) => (valor ? formatCpfCnpj(valor) : '');

/** dd/mm/aaaa of an XML date-time (TDateTimeUTC, e.g. 2026-11-20T10:00:00-03:00): the local day it states. */
export function dataXml(valor: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** hh:mm:ss of an XML date-time, in the offset it states. */
export function horaXml(valor: string): string {
  return /T(\d{2}:\d{2}:\d{2})/.exec(valor)?.[1] ?? '';
}

export const dataHoraXml = (valor: string) => (valor ? `${dataXml(valor)} ${horaXml(valor)}` : '');

export const cep = (valor: string) => valor.replace(/^(\d{5})(\d{3})$/, '$1-$2');

/**
 * A phone of the XML (fone: 6 to 14 digits, DDD first) as Brazilians print it: (11) 3456-7890, a mobile
 * (11) 98765-4321, 0800 123 4567; a leading 55 (country) is dropped; any other shape is printed as it came.
 */
export function telefone(valor: string): string {
  let digitos = valor.replace(/\D/g, '');
  if (/^0[3589]00\d{7}$/.test(digitos)) return digitos.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1 $2 $3');
  if (/^55\d{10,11}$/.test(digitos)) digitos = digitos.slice(2);
  if (/^0\d{10,11}$/.test(digitos)) digitos = digitos.slice(1);
  const comDdd = /^([1-9]{2})(9?\d{4})(\d{4})$/.exec(digitos);
  if (comDdd) return `(${comDdd[1]}) ${comDdd[2]}-${comDdd[3]}`;
  const semDdd = /^(9?\d{4})(\d{4})$/.exec(digitos);
  if (semDdd) return `${semDdd[1]}-${semDdd[2]}`;
  return valor.trim();
}

/** modFrete (MOC X02) as the DANFE's "FRETE POR CONTA" box prints it. */
export const MODALIDADES_FRETE: Record<number, string> = {
  0: '0 - Remetente (CIF)',
  1: '1 - Destinatário (FOB)',
  2: '2 - Terceiros',
  3: '3 - Próprio remetente',
  4: '4 - Próprio destinatário',
  9: '9 - Sem frete',
};

/** tpEmis of a contingency (MOC B22), for the DANFE's contingency mention. */
export const TIPOS_CONTINGENCIA: Record<number, string> = {
  2: 'FS-IA (formulário de segurança)',
  3: 'SCAN',
  4: 'EPEC',
  5: 'FS-DA (formulário de segurança)',
  6: 'SVC-AN',
  7: 'SVC-RS',
  9: 'offline da NFC-e',
};

/** Mention printed when the note was issued in contingency (MOC 4.00 / Manual DANFE, item 7). */
export function mencaoContingencia(
  tipoEmissao: number,
  contingencia: { dataHora: string; justificativa: string } | null,
): string {
  const tipo = TIPOS_CONTINGENCIA[tipoEmissao] ?? String(tipoEmissao);
  const desde = contingencia?.dataHora ? ` desde ${dataHoraXml(contingencia.dataHora)}` : '';
  const motivo = contingencia?.justificativa ? `. Motivo: ${contingencia.justificativa}` : '';
  return `EMITIDA EM CONTINGÊNCIA ${tipo}${desde}${motivo}`;
}
