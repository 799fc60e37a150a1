/** Small helpers that write NF-e XML text: escaping, tags and the number formats of the layout. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as the NF-e accepts it: XML-escaped, no control characters, single spaces, trimmed. */
export function textoXml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused by SEFAZ
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[&<>"']/g, (char) => ESCAPES[char]!)
  );
}

/** `<name>value</name>`, or '' when value is null/undefined/'' (optional fields are left out). */
export function tag(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}>${typeof value === 'number' ? String(value) : textoXml(value)}</${name}>`;
}

/** `<name>children</name>`, or '' when there are no children. */
export function grupo(name: string, ...children: string[]): string {
  const body = children.join('');
  return body ? `<${name}>${body}</${name}>` : '';
}

/** Money (TDec_1302): two decimals. */
export const dinheiro = (value: number) => value.toFixed(2);

/** Percentage (TDec_0302a04): two to four decimals. */
export function percentual(value: number): string {
  const text = value.toFixed(4).replace(/0{1,2}$/, '');
  return text;
}

/** Quantity (TDec_1104v): up to four decimals, no trailing zeros beyond them. */
export const quantidadeXml = (value: number) => String(Number(value.toFixed(4)));

/** Unit price (TDec_1110v): up to ten decimals, at least two. */
export function valorUnitarioXml(value: number): string {
  const text = value.toFixed(10).replace(/0+$/, '');
  const [inteiro, decimais = ''] = text.split('.');
  return `${inteiro}.${decimais.padEnd(2, '0')}`;
}
