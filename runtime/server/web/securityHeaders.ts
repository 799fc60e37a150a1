import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantSettings } from '../../core/resolveTenant.ts';

/** Pages that may be framed by the white-label's allowed origins (the embedded sign-up). */
export const EMBEDDABLE_PAGES = ['/cadastrar', '/cadastrar-erp'];
/** Every response that is not an HTML page of the app: nothing may run, nothing may frame it. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * Files the app hands to the browser (PDF opened for printing, XLSX, ZIP, CSV): shown by the browser's own
 * viewer, which a `default-src 'none'` policy can break; framed only by the app itself.
 */
const FILE_POLICY = "frame-ancestors 'self'";
const FILE_TYPES = /^(application\/(pdf|zip|octet-stream|vnd\.openxmlformats|vnd\.ms-excel)|text\/csv)/i;

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of the SPA's HTML for a white-label: scripts only from this origin (Vite
 * emits external module files), styles inline too (MUI/emotion inject <style> tags), the API of
 * API_ENDPOINT and its websocket, the login cover frame, and `frameAncestors` ('none' when empty).
 * 'unsafe-eval' stays: ajv (tenant settings, rjsf forms) compiles its validators with new Function in the
 * browser; inline and foreign scripts — what an injected payload would use — remain blocked.
 */
export function contentSecurityPolicy(settings: TenantSettings, frameAncestors: string[]): string {
  const api = originOf(settings.API_ENDPOINT);
  // blob: — documents the app opens from its own blobs (a report PDF for printing) read them back.
  const connect = ["'self'", 'blob:', ...(api ? [api, api.replace(/^http/, 'ws')] : [])];
  const frame = originOf(settings.telaLogin?.tipo === 'iframe' ? settings.telaLogin.iframeUrl : undefined);
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src 'self' blob:${frame ? ` ${frame}` : ''}`,
    "worker-src 'self' blob:",
    // The browser's PDF viewer counts as a plugin: a report opened for printing (a blob: of this origin,
    // which inherits this policy) needs it; nothing from other origins.
    "object-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * Headers of every response once the web app is served: no MIME sniffing, referrer only as an origin
 * to other sites, HSTS when the request came over TLS (directly, or from a trusted proxy's
 * X-Forwarded-Proto), and a CSP that lets nothing run or frame a non-page answer.
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  if (reply.hasHeader('Content-Security-Policy')) return;
  const type = String(reply.getHeader('content-type') ?? '');
  reply.header('Content-Security-Policy', FILE_TYPES.test(type) ? FILE_POLICY : NON_PAGE_POLICY);
}
