import ufEnum from '../../../../schemas/enums/uf.enum.json' with { type: 'json' };

/** The 27 UFs with their names (the enum's EX, abroad, has no IBPT table). */
export const UF_OPTIONS = ufEnum.values
  .filter((value) => value.code !== 'EX')
  .map((value) => ({ uf: value.code, nome: value.label }));
