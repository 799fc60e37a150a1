/** One operation of the OpenAPI document, as the documentation page lists it. */
export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** Whether an API key is accepted (the operation declares the apiKey scheme). */
  apiKey: boolean;
  /** Whether anyone may call it (no credential). */
  public: boolean;
}

type Node = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of an OpenAPI 3 document by tag, in the document's order. */
export function apiOperations(document: Node): Map<string, ApiOperation[]> {
  const byTag = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const security = (operation.security ?? []) as Array<Record<string, unknown>>;
      const tag = ((operation.tags as string[] | undefined) ?? ['Outros'])[0] ?? 'Outros';
      const list = byTag.get(tag) ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ''),
        tag,
        apiKey: security.some((requirement) => 'apiKey' in requirement),
        public:
          security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0),
      });
      byTag.set(tag, list);
    }
  }
  return byTag;
}
