import { type RefCallback, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useElementWidth } from './useElementWidth.ts';

/**
 * How many items of a row fit in its container, measured: `measure` goes on an invisible copy of
 * the items (each item's own width), `container` on the visible row; when not all fit, room for a
 * "more" button of `moreWidth` is kept.
 */
export function useFittingCount(
  count: number,
  gap: number,
  moreWidth: number,
): { container: RefCallback<HTMLElement>; measure: RefCallback<HTMLElement>; fitting: number } {
  const [container, width] = useElementWidth<HTMLElement>();
  // The copy's own width changes too once the icon font loads, which calls for a new measure.
  const [observeCopy, copyWidth] = useElementWidth<HTMLElement>();
  const measured = useRef<HTMLElement | null>(null);
  const [fitting, setFitting] = useState(count);
  const measure = useCallback<RefCallback<HTMLElement>>(
    (node) => {
      measured.current = node;
      return observeCopy(node);
    },
    [observeCopy],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: count and copyWidth say the measured copy changed.
  useLayoutEffect(() => {
    const widths = [...(measured.current?.children ?? [])].map(
      (child) => child.getBoundingClientRect().width,
    );
    const total = widths.reduce((sum, item) => sum + item, 0) + gap * Math.max(0, widths.length - 1);
    if (widths.length === 0 || total <= width) return setFitting(widths.length);
    let used = moreWidth;
    let fits = 0;
    for (const item of widths) {
      if (used + item + gap > width) break;
      used += item + gap;
      fits += 1;
    }
    setFitting(fits);
  }, [count, gap, moreWidth, width, copyWidth]);
  return { container, measure, fitting };
}
