import { Box, CircularProgress, Typography } from '@mui/material';
import { DEFAULT_LOADING_TEXT } from '../../core/constants.ts';

/** Centered spinner with the default loading text (spec 000 §9). */
export function FullPageLoading({ text = DEFAULT_LOADING_TEXT }: { text?: string }) {
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {text}
        </Typography>
      </Box>
    </Box>
  );
}
