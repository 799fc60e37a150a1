import { HttpError } from '../../errors.ts';

/** The errors of one file line, as the generic import reports them. */
export interface LineError {
  linha: number;
  mensagens: string[];
}

/** At most this many lines of errors go back to the client (a wrong file can have thousands). */
const MAX_LINES_REPORTED = 500;

/**
 * Refuses the whole file (400 IMPORTACAO_COM_ERROS) when some line has errors: the message names the
 * first line and its first problem; details carry the errors per line, like /api/Importacoes.
 */
export function throwIfLineErrors(erros: LineError[]): void {
  const [first] = erros;
  if (!first) return;
  const more = erros.length > 1 ? ` (e mais ${erros.length - 1} linha(s) com erro)` : '';
  throw new HttpError(
    400,
    'IMPORTACAO_COM_ERROS',
    `Nada foi importado: o arquivo tem ${erros.length} linha(s) com erro. Linha ${first.linha}: ${first.mensagens[0]}${more}.`,
    { erros: erros.slice(0, MAX_LINES_REPORTED), linhasComErro: erros.length },
  );
}
