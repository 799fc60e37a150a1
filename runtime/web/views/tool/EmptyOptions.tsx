import { Alert } from '@mui/material';
import type { EnumOption } from '../../auth/enumOptions.ts';
import { LinkedText } from './LinkedText.tsx';
import type { OptionSource } from './toolTypes.ts';

/** Option parameters whose operation answered nothing (nothing to choose: the actions cannot run). */
export function emptyOptionSources(
  sources: Record<string, OptionSource> | undefined,
  loaded: Record<string, EnumOption[]> | null,
): Array<[string, OptionSource]> {
  return Object.entries(sources ?? {}).filter(
    ([field]) => loaded !== null && (loaded[field]?.length ?? 0) === 0,
  );
}

/** The declared `empty` info of each option parameter left without options (`[label](#/route)` links). */
export function EmptyOptions({ sources }: { sources: Array<[string, OptionSource]> }) {
  return sources.map(([field, source]) =>
    source.empty ? (
      <Alert key={field} severity="info" sx={{ mb: 2 }}>
        <LinkedText text={source.empty} />
      </Alert>
    ) : null,
  );
}
