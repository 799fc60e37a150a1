/**
 * Where the records API deliberately differs from LoopBack 3 on PostgreSQL: each difference is explicit (a
 * pt-BR 400 naming the rule, or headers), never a silent truncation or an ignored clause. Shown in the
 * OpenAPI description; the README's "Diferenças em relação ao LoopBack 3" table lists the same rows
 * (tests/server/loopbackParity.test.ts checks they agree).
 */
export const LOOPBACK_DIFFERENCES: Array<[string, string, string]> = [
  [
    'lista sem `limit`',
    'todas as linhas',
    'no máximo 1000; havendo mais, cabeçalhos `X-Limite-Aplicado: 1000` e `Link: <…>; rel="next"` com o filtro da página seguinte',
  ],
  [
    '`limit` acima de 1000',
    'aceito',
    '400 "limit deve ser um inteiro entre 0 e 1000 (no máximo 1000 registros por página; …)"',
  ],
  [
    'propriedade desconhecida em `where`',
    'ignorada',
    '400 "o campo "x" não existe ou não pode ser filtrado"',
  ],
  ['chave desconhecida no filtro', 'ignorada', '400 "a chave "x" não é reconhecida (use where, fields, …)"'],
  ['`fields` com campo desconhecido', 'ignorado', '400 "o campo "x" não existe ou não pode ser selecionado"'],
  ['relação desconhecida em `include`', '500', '400 "a relação "x" não existe (use …)", em qualquer nível'],
  ['`order` por campo desconhecido, data inválida', '500', '400 com a regra'],
  [
    '`regexp`',
    'qualquer padrão',
    'até 200 caracteres, sem referências a grupos nem lookbehind, repetições `{n,m}` até 100, 3 s no máximo; o que o PostgreSQL não lê: 400',
  ],
  ['`filter` em JSON e em colchetes ao mesmo tempo', 'mescla', '400 "use uma só forma"'],
  [
    '`/count` acima de 10.000 registros',
    'contagem exata',
    '`{"count": <estimativa do PostgreSQL>, "aproximado": true}` e cabeçalho `X-Contagem-Aproximada: true` (limite em `COUNT_EXACT_LIMIT`); `?exata=true` conta exatamente',
  ],
  [
    '`after` no filtro',
    'chave desconhecida',
    'paginação por chave (keyset): `"after": [valor do campo da ordenação, id]` da última linha lida; ordenação por um campo (e id); não junto com `skip`',
  ],
  [
    '`order` por campo de texto',
    'ordem da collation do banco',
    'ordem pt-BR (ICU): "Ágata" ao lado de "Agenda", maiúsculas e acentos em segundo plano',
  ],
];

/** The differences as a Markdown table (OpenAPI description, README). */
export function loopbackDifferencesTable(): string {
  const rows = LOOPBACK_DIFFERENCES.map((cells) => `| ${cells.join(' | ')} |`);
  return ['| caso | LoopBack 3 | esta API |', '| --- | --- | --- |', ...rows].join('\n');
}
