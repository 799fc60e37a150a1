import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP to URLs a tenant configured (CRM, webhooks): the one door to the outside. Only https to
 * public addresses: the host is resolved once, every address is checked (no loopback, private, link-local,
 * CGNAT, multicast, reserved, IPv4-mapped IPv6), and the connection goes to that checked address (no
 * DNS-rebinding window). Redirects are followed by hand, at most MAX_REDIRECTS, each one re-checked.
 * Time and response size are capped. Failures reject with OutboundRequestError; callers log them.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 3;

/**
 * Addresses no tenant-configured URL may reach, one list per family (a BlockList matches IPv4 addresses
 * against IPv4-mapped IPv6 rules, so ::ffff:0:0/96 would otherwise block every IPv4 address).
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return family === 4 ? !BLOCKED_V4.check(address, 'ipv4') : !BLOCKED_V6.check(address, 'ipv6');
}

/** A refused or failed outbound request (message in pt-BR, for the log). */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
}

/** Which destinations are allowed: the default is https and public addresses only. */
export interface OutboundPolicy {
  allowHttp: boolean;
  allowAddress: (address: string) => boolean;
}

export const PUBLIC_ONLY: OutboundPolicy = { allowHttp: false, allowAddress: isPublicAddress };
/** OUTBOUND_ALLOW_PRIVATE=1 (tests, local development): http and any address. */
export const ALLOW_PRIVATE: OutboundPolicy = { allowHttp: true, allowAddress: () => true };

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Off by default; `true` is ALLOW_PRIVATE. */
  allowPrivate?: boolean;
  /** Overrides allowPrivate (tests of the redirect checks). */
  policy?: OutboundPolicy;
}

export interface SafeResponse {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The final URL after redirects. */
  url: string;
  body: Buffer;
  text(): string;
  json(): unknown;
}

/** Resolves `hostname` and answers one address the policy allows; refuses when any address is not. */
async function checkedAddress(
  hostname: string,
  policy: OutboundPolicy,
): Promise<{ address: string; family: number }> {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  if (isIP(literal)) addresses = [{ address: literal, family: isIP(literal) }];
  else {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(literal, { all: true, verbatim: true }, (error, found) =>
        error
          ? reject(
              new OutboundRequestError(
                `não foi possível resolver ${literal}: ${error.code ?? error.message}`,
              ),
            )
          : resolve(found),
      ),
    );
  }
  const refused = addresses.find((entry) => !policy.allowAddress(entry.address));
  if (refused || addresses.length === 0)
    throw new OutboundRequestError(
      `destino recusado: ${literal} aponta para um endereço não público (${refused?.address ?? 'nenhum'})`,
    );
  return addresses[0] as LookupAddress;
}

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(
  url: URL,
  target: { address: string; family: number },
  options: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    maxBytes: number;
    signal: AbortSignal;
  },
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: options.method,
        headers: options.headers,
        signal: options.signal,
        // Connect to the address that was checked, whatever DNS says now.
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            request.destroy();
            reject(new OutboundRequestError(`resposta maior que ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error: Error & { code?: string }) =>
      reject(
        error.name === 'AbortError' || options.signal.aborted
          ? new OutboundRequestError('tempo esgotado na requisição externa')
          : new OutboundRequestError(`falha na requisição externa: ${error.code ?? error.message}`),
      ),
    );
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

const SAFE_HEADERS = new Set(['accept', 'content-type', 'user-agent']);

/** Sends one request under the outbound policy (see the file comment). */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const policy = options.policy ?? (options.allowPrivate ? ALLOW_PRIVATE : PUBLIC_ONLY);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const signal = AbortSignal.timeout(options.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRequestError(`URL inválida: ${input}`);
  }
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
      throw new OutboundRequestError(
        `destino recusado: apenas https é permitido (${url.protocol}//${url.host})`,
      );
    if (url.username || url.password) throw new OutboundRequestError('destino recusado: URL com credenciais');
    const target = await checkedAddress(url.hostname, policy);
    // A redirect to another origin never carries the caller's credentials (tokens in headers).
    const headers =
      url.origin === origin
        ? { ...options.headers }
        : Object.fromEntries(
            Object.entries(options.headers ?? {}).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase())),
          );
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    const hop = await requestOnce(url, target, {
      method,
      headers,
      body,
      maxBytes: options.maxBytes ?? OUTBOUND_MAX_BYTES,
      signal,
    });
    const location = hop.headers.location;
    if (hop.status >= 300 && hop.status < 400 && location) {
      if (redirects >= maxRedirects)
        throw new OutboundRequestError(`redirecionamentos demais (mais de ${maxRedirects})`);
      url = new URL(location, url);
      if (hop.status !== 307 && hop.status !== 308) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
      }
      continue;
    }
    const final = url.href;
    return {
      status: hop.status,
      ok: hop.status >= 200 && hop.status < 300,
      headers: hop.headers,
      url: final,
      body: hop.body,
      text: () => hop.body.toString('utf8'),
      json: () => JSON.parse(hop.body.toString('utf8')),
    };
  }
}
