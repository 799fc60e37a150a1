import { Box, Link } from '@mui/material';
import { MESSAGES, type ReportFormat } from '../../../core/constants.ts';
import { reportsDialog } from './reportsDialog.ts';

/** Text of the export progress toast: "Gerando … PDF..." and the link that opens the reports dialog. */
export function ReportProgressMessage({ name, format }: { name: string; format: ReportFormat }) {
  return (
    <Box>
      {MESSAGES.report.progress(name, format)}
      <br />
      <Link
        component="button"
        color="inherit"
        onClick={reportsDialog.open}
        sx={{ verticalAlign: 'baseline' }}
      >
        {MESSAGES.report.progressHint}
      </Link>
    </Box>
  );
}
