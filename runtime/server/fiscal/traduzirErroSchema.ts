const NS = /\{[^}]*\}/g;

const lista = (texto: string) =>
  texto
    .replace(NS, '')
    .split(',')
    .map((item) => item.trim().replace(/^'|'$/g, ''))
    .filter(Boolean)
    .join(', ');

/** libxml2 rule messages (after "Element 'x': ") and their pt-BR wording. */
const REGRAS: [RegExp, (...grupos: string[]) => string][] = [
  [
    /\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern '(.*)'/,
    (valor, padrao) => `o valor "${valor}" não está no formato exigido (padrão ${padrao})`,
  ],
  [
    /\[facet 'maxLength'\] The value '?(.*?)'? has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/,
    (_valor, tamanho, maximo) => `o valor tem ${tamanho} caracteres; o máximo é ${maximo}`,
  ],
  [
    /\[facet 'minLength'\] The value '?(.*?)'? has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/,
    (_valor, tamanho, minimo) => `o valor tem ${tamanho} caracteres; o mínimo é ${minimo}`,
  ],
  [
    /\[facet 'enumeration'\] The value '(.*)' is not an element of the set \{(.*)\}/,
    (valor, conjunto) => `o valor "${valor}" não é um dos permitidos (${lista(conjunto)})`,
  ],
  [
    /This element is not expected\. Expected is one of \( (.*) \)/,
    (esperados) => `campo fora de ordem ou não permitido aqui; esperado um destes: ${lista(esperados)}`,
  ],
  [
    /This element is not expected\. Expected is \( (.*) \)/,
    (esperado) => `campo fora de ordem ou não permitido aqui; esperado: ${lista(esperado)}`,
  ],
  [/This element is not expected/, () => 'campo não permitido nesta posição'],
  [
    /Missing child element\(s\)\. Expected is one of \( (.*) \)/,
    (esperados) => `falta um campo obrigatório; informe um destes: ${lista(esperados)}`,
  ],
  [
    /Missing child element\(s\)\. Expected is \( (.*) \)/,
    (esperado) => `falta o campo obrigatório ${lista(esperado)}`,
  ],
  [/The attribute '(.*)' is required but missing/, (atributo) => `falta o atributo obrigatório ${atributo}`],
  [
    /'(.*)' is not a valid value of the (?:local )?atomic type '?(.*?)'?\.?$/,
    (valor, tipo) => `o valor "${valor}" não é válido para o tipo ${tipo.replace(NS, '')}`,
  ],
  [
    /Character content other than whitespace is not allowed/,
    () => 'este grupo não aceita texto, apenas outros campos',
  ],
  [
    /Element content is not allowed, because the content type is a simple type/,
    () => 'este campo aceita só um valor, não outros campos',
  ],
  [
    /No matching global declaration available for the validation root/,
    () => 'o documento não é uma NF-e (raiz NFe no namespace da NF-e)',
  ],
];

/**
 * A libxml2 schema error ("Element '{ns}vProd': [facet 'pattern'] The value…") in pt-BR, naming `campo`
 * (the element path) and the rule broken; an unknown rule keeps libxml2's text after "regra do schema:".
 */
export function traduzirErroSchema(mensagem: string, campo: string): string {
  const semPrefixo = mensagem.replace(/^.*?Schemas validity error\s*:\s*/, '');
  const elemento = /^Element '([^']+)'(?:, attribute '([^']+)')?:\s*/.exec(semPrefixo);
  const regra = elemento ? semPrefixo.slice(elemento[0].length) : semPrefixo;
  const nome = elemento
    ? `${elemento[1]!.replace(NS, '')}${elemento[2] ? ` (atributo ${elemento[2]})` : ''}`
    : '';
  const onde = campo
    ? `Campo ${campo}${elemento?.[2] ? ` (atributo ${elemento[2]})` : ''}`
    : `Campo ${nome || '?'}`;
  for (const [padrao, traduzir] of REGRAS) {
    const achou = padrao.exec(regra);
    if (achou) return `${onde}: ${traduzir(...achou.slice(1).map((grupo) => grupo ?? ''))}.`;
  }
  return `${onde}: regra do schema: ${regra.replace(NS, '')}`;
}
