/** The flags and white-label of a signed-in user that decide white-label ownership. */
export interface WhiteLabelActor {
  isAvanco?: boolean;
  master?: boolean;
  configWhiteLabelId?: number;
}

/**
 * The white-labels whose rows (configuration, plans, users, billing, POS versions, help, NPS…) `actor`
 * operates: `'all'` for platform staff (isAvanco), the own white-label's id for a master, none otherwise.
 */
export function operatedWhiteLabels(actor: WhiteLabelActor | null | undefined): 'all' | number | null {
  if (!actor) return null;
  if (actor.isAvanco) return 'all';
  if (actor.master && typeof actor.configWhiteLabelId === 'number') return actor.configWhiteLabelId;
  return null;
}

/** Whether `actor` operates white-label `configWhiteLabelId` (README "Segurança": ownership of a white-label's rows). */
export function ownsWhiteLabel(
  actor: WhiteLabelActor | null | undefined,
  configWhiteLabelId: number,
): boolean {
  const scope = operatedWhiteLabels(actor);
  return scope === 'all' || scope === configWhiteLabelId;
}
