/** The additional data a sealed certificate is bound to: its empresa and filial. */
export const certificadoContext = (empresaId: number, filialId: number, part: 'arquivo' | 'senha') =>
  `certificado-digital:${empresaId}:${filialId}:${part}`;
