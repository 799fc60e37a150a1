/** What the server writes into index.html for the request's origin (runtime/server/web/serveWebApp.ts). */
export interface BootConfig {
  idConfig: string;
  apiEndpoint: string;
}

/** Reads the boot configuration; in development (vite dev server) falls back to ?idConfig= or "demo". */
export function readBootConfig(doc: Document = document): BootConfig {
  const content = doc.querySelector('meta[name="erp-config"]')?.getAttribute('content');
  if (content) {
    try {
      const parsed = JSON.parse(content) as Partial<BootConfig>;
      if (parsed.idConfig) return { idConfig: parsed.idConfig, apiEndpoint: parsed.apiEndpoint ?? '' };
    } catch {
      // fall through to the development default
    }
  }
  const fromQuery = new URLSearchParams(window.location.search).get('idConfig');
  return { idConfig: fromQuery ?? 'demo', apiEndpoint: '' };
}
