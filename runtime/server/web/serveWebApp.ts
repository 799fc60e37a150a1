import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../schemas/readSchemaFiles.ts';
import { contentSecurityPolicy, EMBEDDABLE_PAGES, setSecurityHeaders } from './securityHeaders.ts';

export const WEB_DIST = join(REPO_ROOT, 'dist', 'web');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Absolute URL of a tenant asset path ("assets/logo.svg" → "/tenants/demo/assets/logo.svg"). */
export function tenantAssetUrl(slug: string | undefined, path: string): string {
  if (!path) return '';
  if (/^(https?:|data:|\/)/.test(path)) return path;
  return slug ? `/tenants/${slug}/${path.replace(/^\.?\//, '')}` : path;
}

/**
 * Serves the built SPA (dist/web): hashed assets with long caching, and index.html for "/" with the
 * white-label of the request's origin written in (title, favicon, theme colour, idConfig) so the
 * first paint already carries the tenant's brand.
 */
export async function serveWebApp(
  app: FastifyInstance,
  themeColor: (request: FastifyRequest) => string,
): Promise<void> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return;
  // Re-read when dist/web is rebuilt while the server runs (its asset names change with each build).
  let cached = { mtimeMs: 0, template: '' };
  const currentTemplate = async () => {
    const file = join(WEB_DIST, 'index.html');
    const { mtimeMs } = await stat(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, template: await readFile(file, 'utf8') };
    return cached.template;
  };
  await currentTemplate();
  app.addHook('onSend', async (request, reply) => setSecurityHeaders(request, reply));
  await app.register(fastifyStatic, {
    root: join(WEB_DIST, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  const render = async (request: FastifyRequest) => {
    const template = await currentTemplate();
    const settings = request.tenant.settings;
    const boot = JSON.stringify({ idConfig: settings.idConfig, apiEndpoint: settings.API_ENDPOINT ?? '' });
    const favicon = tenantAssetUrl(settings.slug, settings.misc?.linkFavicon ?? '') || 'data:,';
    return template
      .replace(
        '<meta name="erp-config" content="" />',
        `<meta name="erp-config" content="${escapeHtml(boot)}" />`,
      )
      .replace('<title>ERP</title>', `<title>${escapeHtml(settings.title)}</title>`)
      .replace('<link rel="icon" href="data:," />', `<link rel="icon" href="${escapeHtml(favicon)}" />`)
      .replace(
        '<meta name="theme-color" content="#2196f3" />',
        `<meta name="theme-color" content="${themeColor(request)}" />`,
      );
  };
  // The hash router cannot tell the server which screen loads: the sign-up meant for a parent page's
  // frame is served at its own paths (/cadastrar#/cadastrar), the only ones the white-label's allowed
  // origins may frame; "/" is never framed.
  for (const path of ['/', '/index.html', ...EMBEDDABLE_PAGES]) {
    const embeddable = EMBEDDABLE_PAGES.includes(path);
    app.get(path, { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .header(
          'Content-Security-Policy',
          contentSecurityPolicy(
            request.tenant.settings,
            embeddable ? (request.tenant.settings.cadastroOrigensPermitidas ?? []) : [],
          ),
        )
        .type('text/html; charset=utf-8')
        .send(await render(request)),
    );
  }
}
