import { Box, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { MESSAGES } from '../../../core/constants.ts';
import { REPORTS_EMPTY_TEXTS } from './reportsTexts.ts';

/** "Ops, nada encontrado por aqui." with the step-by-step and the important information. */
export function ReportsEmptyState() {
  return (
    <Box sx={{ px: 3, py: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Icon color="disabled">search_off</Icon>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {MESSAGES.reportsList.empty}
        </Typography>
      </Box>
      <Typography variant="subtitle2">{MESSAGES.reportsList.stepByStep}</Typography>
      <Box component="ol" sx={{ mt: 0.5, mb: 1.5, pl: 3, typography: 'body2' }}>
        {REPORTS_EMPTY_TEXTS.steps.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </Box>
      <Typography variant="subtitle2">{MESSAGES.reportsList.importantInfo}</Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, typography: 'body2', color: 'text.secondary' }}>
        {REPORTS_EMPTY_TEXTS.info.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </Box>
    </Box>
  );
}
