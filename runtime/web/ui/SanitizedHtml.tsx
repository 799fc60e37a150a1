import type { SxProps, Theme } from '@mui/material';
import { lazy, Suspense } from 'react';

const Content = lazy(() =>
  import('./SanitizedHtmlContent.tsx').then((module) => ({ default: module.SanitizedHtmlContent })),
);

/**
 * Renders tenant-provided HTML after DOMPurify removes scripts, handlers and other active content. DOMPurify
 * comes in its own chunk, so the login route does not wait for it (the HTML shows a moment later).
 */
export function SanitizedHtml(props: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
