import { Box, type SxProps, type Theme } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Renders tenant-provided HTML after DOMPurify removes scripts, handlers and other active content. */
export function SanitizedHtmlContent({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised by DOMPurify just above
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
