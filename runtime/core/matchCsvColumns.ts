/** A field a CSV column can fill: its API name, pt-BR label and other accepted header names. */
export interface CsvTargetField {
  campo: string;
  label: string;
  aliases?: string[];
}

/** Header text reduced for comparison: lower case, no accents, letters and digits only. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Auto-matches CSV headers to fields by API name, label (with or without its parenthesised part, e.g.
 * "Código (SKU)") or alias, ignoring case, accents and punctuation. Returns, per header, the field it
 * fills or null; a field is used by the first matching column only.
 */
export function matchCsvColumns(header: string[], fields: CsvTargetField[]): (string | null)[] {
  const names = new Map<string, string>();
  for (const field of fields) {
    const candidates = [
      field.campo,
      field.label,
      field.label.replace(/\(.*?\)/g, ''),
      ...(field.aliases ?? []),
    ];
    for (const candidate of candidates) {
      const key = normalizeHeader(candidate);
      if (key && !names.has(key)) names.set(key, field.campo);
    }
  }
  const used = new Set<string>();
  return header.map((text) => {
    const campo = names.get(normalizeHeader(text));
    if (!campo || used.has(campo)) return null;
    used.add(campo);
    return campo;
  });
}
