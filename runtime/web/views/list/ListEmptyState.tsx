import { Box, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { MESSAGES } from '../../../core/constants.ts';
import type { EmptyStateTexts } from './emptyStateTexts.ts';

function Section({ title, items, ordered }: { title: string; items: string[]; ordered?: boolean }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" sx={{ textAlign: 'left' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component={ordered ? 'ol' : 'ul'} sx={{ mt: 0.5, mb: 0, pl: 3, color: 'text.secondary' }}>
        {items.map((item) => (
          <Typography component="li" key={item} variant="body2" sx={{ mb: 0.5 }}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The empty-page placeholder of the spec: "Ops, nada encontrado por aqui." with its two sections. */
export function ListEmptyState({ texts }: { texts: EmptyStateTexts }) {
  return (
    <Box
      role="status"
      sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Icon color="primary" sx={{ fontSize: 56, opacity: 0.8 }}>
        inventory_2
      </Icon>
      <Typography variant="h6" component="p" sx={{ mt: 1, mb: 3 }}>
        {MESSAGES.reportsList.empty}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title={MESSAGES.reportsList.stepByStep} items={texts.passos} ordered />
        <Section title={MESSAGES.reportsList.importantInfo} items={texts.informacoes} />
      </Box>
    </Box>
  );
}
