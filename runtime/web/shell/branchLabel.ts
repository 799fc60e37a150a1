import { MESSAGES } from '../../core/constants.ts';

/** Branch line of the user card (spec 000 §2.6): nickname, else name, else "Filial: Não informado". */
export function branchLabel(
  filial: { apelido?: string | null; nome?: string | null } | null | undefined,
): string {
  return filial?.apelido || filial?.nome || MESSAGES.header.branchNotInformed;
}
