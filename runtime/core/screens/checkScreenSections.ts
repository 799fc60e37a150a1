import { isPlainObject } from '../mergePatch.ts';

/**
 * The `sections` an upload declaration shows under itself must be lookup declarations of the same route
 * marked `section: true`: each name that is not gives [pointer, message].
 */
export function checkScreenSections(
  declaration: unknown,
  schemas: Record<string, unknown>,
): Array<[string, string]> {
  if (!isPlainObject(declaration) || !Array.isArray(declaration.sections)) return [];
  const problems: Array<[string, string]> = [];
  declaration.sections.forEach((section, index) => {
    const name = isPlainObject(section) ? section.name : undefined;
    if (typeof name !== 'string') return;
    const target = schemas[`schemas/screens/${name}.screen.json`];
    const fits =
      isPlainObject(target) &&
      target.kind === 'lookup' &&
      target.section === true &&
      target.route === declaration.route;
    if (!fits)
      problems.push([
        `/sections/${index}/name`,
        `seção "${name}" não é uma tela lookup com section: true da rota ${String(declaration.route)} (regra: sections)`,
      ]);
  });
  return problems;
}

/** A tool's `autoRun` and `parameters.submit` must name one of its `actions`: each that does not gives [pointer, message]. */
export function checkToolActionNames(declaration: unknown): Array<[string, string]> {
  if (!isPlainObject(declaration) || declaration.kind !== 'tool') return [];
  const actions = isPlainObject(declaration.actions) ? declaration.actions : {};
  const parameters = isPlainObject(declaration.parameters) ? declaration.parameters : {};
  const named: Array<[string, unknown]> = [
    ['/autoRun', declaration.autoRun],
    ['/parameters/submit', parameters.submit],
  ];
  return named
    .filter(([, name]) => typeof name === 'string' && !(name in actions))
    .map(([pointer, name]) => [pointer, `ação "${String(name)}" não existe em actions (regra: actions)`]);
}

/** The schema of the parameter at a dotted path (through objects' properties), or undefined. */
function parameterAt(schema: unknown, path: string): Record<string, unknown> | undefined {
  let node: unknown = schema;
  for (const name of path.split('.')) {
    const properties = isPlainObject(node) && isPlainObject(node.properties) ? node.properties : {};
    node = properties[name];
  }
  return isPlainObject(node) ? node : undefined;
}

/**
 * A tool's `parameters.arrays` must name array parameters of objects, its `parameters.lowercase` text
 * parameters: each that does not gives [pointer, message].
 */
export function checkToolParameterNames(declaration: unknown): Array<[string, string]> {
  if (!isPlainObject(declaration) || declaration.kind !== 'tool') return [];
  const parameters = isPlainObject(declaration.parameters) ? declaration.parameters : {};
  const problems: Array<[string, string]> = [];
  for (const name of Object.keys(isPlainObject(parameters.arrays) ? parameters.arrays : {})) {
    const found = parameterAt(parameters.schema, name);
    const items = found?.items;
    if (found?.type !== 'array' || !isPlainObject(items) || items.type !== 'object')
      problems.push([
        `/parameters/arrays/${name}`,
        `parâmetro "${name}" não é uma lista de objetos em parameters.schema (regra: arrays)`,
      ]);
  }
  const lowercase = Array.isArray(parameters.lowercase) ? parameters.lowercase : [];
  lowercase.forEach((path, index) => {
    if (typeof path === 'string' && parameterAt(parameters.schema, path)?.type !== 'string')
      problems.push([
        `/parameters/lowercase/${index}`,
        `parâmetro "${path}" não é um texto em parameters.schema (regra: lowercase)`,
      ]);
  });
  return problems;
}
