import { useEffect, useRef } from 'react';
import { useRealtime } from './useRealtime.ts';

/** Calls handler for each `event` the server pushes while the component is mounted (latest handler wins). */
export function useRealtimeEvent(event: string, handler: (payload: unknown) => void): void {
  const connection = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection?.on(event, (payload) => latest.current(payload)), [connection, event]);
}
