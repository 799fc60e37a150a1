import { Button, Chip, Stack } from '@mui/material';
import type { DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { DocumentLifecycleView } from '../../../core/documents/documentLifecycle.ts';

/** The state chip and the transition buttons of a document form (save pending changes first). */
export function DocumentBar({
  view,
  running,
  dirty,
  onRun,
}: {
  view: DocumentLifecycleView;
  running: string | null;
  dirty: boolean;
  onRun: (transition: DocumentTransition) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Chip
        label={view.state.label}
        color={view.state.color ?? 'default'}
        aria-label={`Situação: ${view.state.label}`}
      />
      {view.transitions.map((transition) => (
        <Button
          key={transition.action}
          variant="outlined"
          size="small"
          loading={running === transition.action}
          disabled={running !== null || dirty}
          title={dirty ? 'Salve as alterações antes.' : undefined}
          onClick={() => onRun(transition)}
        >
          {transition.label}
        </Button>
      ))}
    </Stack>
  );
}
