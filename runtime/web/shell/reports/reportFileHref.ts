/**
 * Browser address of a report file: the record's url against the API endpoint (the page's origin when
 * empty) with ?access_token= (spec 000 §7: addresses opened in a new tab carry the token). A file kept
 * on another host is returned as it is, without the token.
 */
export function reportFileHref(apiEndpoint: string, url: string, token: string | null): string {
  const base = apiEndpoint.replace(/\/+$/, '');
  const isAbsolute = /^https?:\/\//i.test(url);
  if (isAbsolute && !(base && url.startsWith(`${base}/`))) return url;
  const href = isAbsolute ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!token) return href;
  return `${href}${href.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}
