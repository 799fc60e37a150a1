/** `text` with LIKE/ILIKE's wildcards (`%`, `_`) and the escape character (`\`) escaped, to match it literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
