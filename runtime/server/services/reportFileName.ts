/**
 * The filename parameters of a report's Content-Disposition: an ASCII fallback plus the UTF-8 name
 * (RFC 6266/5987), e.g. `filename="Relatorio de vendas.pdf"; filename*=UTF-8''Relat%C3%B3rio%20de%20vendas.pdf`.
 */
export function reportFileName(descricao: string, tipo: string): string {
  const base =
    descricao
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'relatorio';
  const name = `${base.slice(0, 120)}.${tipo}`;
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  // RFC 5987 attr-chars exclude ' ( ) *, which encodeURIComponent leaves as they are.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
