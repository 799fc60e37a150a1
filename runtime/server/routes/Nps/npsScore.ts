/** Counts and Net Promoter Score of a distribution of notas (index 0..10 = how many answered that nota). */
export function npsScore(distribuicao: number[]): {
  nps: number | null;
  respostas: number;
  promotores: number;
  neutros: number;
  detratores: number;
} {
  const sum = (from: number, to: number) => distribuicao.slice(from, to + 1).reduce((a, b) => a + b, 0);
  const detratores = sum(0, 6);
  const neutros = sum(7, 8);
  const promotores = sum(9, 10);
  const respostas = detratores + neutros + promotores;
  // % promotores − % detratores, rounded to a whole point as NPS is usually shown (−100 to 100).
  const nps = respostas === 0 ? null : Math.round(((promotores - detratores) * 100) / respostas);
  return { nps, respostas, promotores, neutros, detratores };
}
