import ufEnum from '../../../../schemas/enums/uf.enum.json' with { type: 'json' };
import { HttpError } from '../../errors.ts';

/** The 27 UFs (the enum's EX, abroad, has no IBPT table). */
export const UFS = ufEnum.values.map((value) => value.code).filter((code) => code !== 'EX');

/** `uf` upper-cased when it is one of the 27 UFs; otherwise 400 naming the parameter. */
export function readUf(uf: string | undefined, campo = 'uf'): string {
  const value = (uf ?? '').trim().toUpperCase();
  if (!value)
    throw new HttpError(400, 'UF_OBRIGATORIA', `Informe a UF (parâmetro "${campo}"), ex.: SP.`, {
      fields: [{ campo, mensagem: 'obrigatório' }],
    });
  if (!UFS.includes(value))
    throw new HttpError(
      400,
      'UF_INVALIDA',
      `UF inválida: "${uf}". Use a sigla de um estado, ex.: SP, RJ ou MG.`,
      {
        fields: [{ campo, mensagem: 'UF inválida' }],
      },
    );
  return value;
}
