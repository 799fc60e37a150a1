import { useTenant } from '../app/RuntimeContext.tsx';
import { useRealtimeEvent } from './useRealtimeEvent.ts';

/**
 * After a studio publication of this white-label ('schemas.publicados', sent by each API process once it
 * reloaded), fetches the bundle again: open screens re-render with the new labels and layout without a
 * page refresh, keeping what the user is typing.
 */
export function useSchemasLiveReload(): void {
  const { reloadSchemas } = useTenant();
  useRealtimeEvent('schemas.publicados', () => void reloadSchemas());
}
