import { type WidgetCandidate, type WidgetRule, widgetRules } from './widgetRules.ts';

/**
 * The registry widget for a field the form file leaves unnamed: the highest-ranked rule that accepts it
 * (`extraRules`, e.g. from a tenant or a screen, join the default table); undefined leaves rjsf's choice.
 */
export function chooseWidget(
  candidate: WidgetCandidate,
  extraRules: readonly WidgetRule[] = [],
): string | undefined {
  let best: WidgetRule | undefined;
  for (const rule of [...extraRules, ...widgetRules]) {
    if ((!best || rule.rank > best.rank) && rule.test(candidate)) best = rule;
  }
  return best?.widget;
}
