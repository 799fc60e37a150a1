import { IconButton, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useSyncExternalStore } from 'react';
import { ReportsDialog } from './ReportsDialog.tsx';
import { reportsDialog } from './reportsDialog.ts';

/** Header button that opens the exported-reports dialog (also opened by an export's progress toast). */
export function ReportsButton() {
  const open = useSyncExternalStore(reportsDialog.subscribe, reportsDialog.isOpen);
  return (
    <>
      <Tooltip title="Relatórios exportados">
        <IconButton aria-label="Relatórios exportados" onClick={reportsDialog.open}>
          <Icon>description</Icon>
        </IconButton>
      </Tooltip>
      <ReportsDialog open={open} onClose={reportsDialog.close} />
    </>
  );
}
