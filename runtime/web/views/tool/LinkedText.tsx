import { Link } from '@mui/material';
import { Fragment } from 'react';

const LINK = /\[([^\]]+)\]\((#\/[^)\s]*)\)/g;

/**
 * A declared pt-BR text whose `[label](#/route)` parts are links. Only hash routes of the app are
 * links; anything else stays text, so a declaration cannot point the user elsewhere.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: Array<string | { label: string; href: string }> = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(last, match.index));
    parts.push({ label: match[1] as string, href: match[2] as string });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never reorder
          <Fragment key={index}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never reorder
          <Link key={index} href={part.href}>
            {part.label}
          </Link>
        ),
      )}
    </>
  );
}
