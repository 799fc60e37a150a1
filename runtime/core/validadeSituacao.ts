import { formatDate } from './formatDate.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Under this many days left a dated document (a certificate) shows as about to expire (warning colour). */
export const AVISO_VENCIMENTO_DIAS = 30;

/** How a document's validity reads on screen: days left, colour and text. */
export interface ValidadeSituacao {
  /** Whole days until it expires (negative once expired). */
  diasRestantes: number;
  severity: 'success' | 'warning' | 'error';
  texto: string;
}

/** A calendar day as a number, in the app's time zone (the day a person reads in dd/MM/yyyy). */
function dayNumber(instant: Date): number {
  const [day, month, year] = formatDate(instant).split('/').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / DAY_MS;
}

/**
 * The validity state of a document (an A1 certificate) valid until `validoAte` at `now`: error once
 * expired, warning with fewer than `avisoDias` (30) days left, success otherwise. Days are calendar days,
 * so they agree with the date shown.
 */
export function validadeSituacao(
  validoAte: string | Date,
  now: Date = new Date(),
  avisoDias = AVISO_VENCIMENTO_DIAS,
): ValidadeSituacao {
  const end = new Date(validoAte).getTime();
  const diasRestantes = dayNumber(new Date(end)) - dayNumber(now);
  if (end <= now.getTime())
    return { diasRestantes, severity: 'error', texto: `Vencido em ${formatDate(new Date(end))}` };
  if (diasRestantes < avisoDias) {
    const texto =
      diasRestantes === 0
        ? 'Vence hoje'
        : `Vence em ${diasRestantes} ${diasRestantes === 1 ? 'dia' : 'dias'}`;
    return { diasRestantes, severity: 'warning', texto };
  }
  return { diasRestantes, severity: 'success', texto: `Válido por mais ${diasRestantes} dias` };
}
