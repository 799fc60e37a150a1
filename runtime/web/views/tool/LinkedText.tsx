import { Box, Link } from '@mui/material';
import { Fragment } from 'react';

const LINK = /\[([^\]]+)\]\((#\/[^)\s]*)\)/g;

type Part = string | { label: string; href: string } | { code: string };

/** The `[label](#/route)` links of a text between its plain parts. */
function linkParts(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(last, match.index));
    parts.push({ label: match[1] as string, href: match[2] as string });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * A declared pt-BR text whose `[label](#/route)` parts are links and whose `text between backticks` is
 * code (long codes, such as a CSV header, break anywhere). Only hash routes of the app are links;
 * anything else stays text, so a declaration cannot point the user elsewhere.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text
    .split('`')
    .flatMap((piece, index): Part[] => (index % 2 === 1 ? [{ code: piece }] : linkParts(piece)));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never reorder
          <Fragment key={index}>{part}</Fragment>
        ) : 'code' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never reorder
          <Box key={index} component="code" sx={{ overflowWrap: 'anywhere' }}>
            {part.code}
          </Box>
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
