export type Spot = { x: number; y: number };

/**
 * Where a fixed box of this size hides least of the page: the `spots` given, then 16 px in from the
 * window's right and left edges from `bottom` up to `top`, every 8 px; the first of equals. What it
 * hides counts by area: the `kept` elements once, the controls on screen (links, buttons, fields;
 * none inside `own`) a thousand times, the focused one (most often the one just pressed) a million
 * times. `hidden` is 0 where the box hides none of them.
 */
export function leastCovering(
  width: number,
  height: number,
  own: Element,
  spots: Spot[] = [],
  kept: (Element | null)[] = [],
  top = 0,
  bottom = innerHeight,
): Spot & { hidden: number } {
  const boxes = [...kept, ...document.querySelectorAll('a,button,input,select,textarea')]
    .filter((el) => el && !own.contains(el))
    .map(
      (el) =>
        [
          el!.getBoundingClientRect(),
          el === document.activeElement ? 1e6 : kept.includes(el) ? 1 : 1e3,
        ] as const,
    );
  for (let y = Math.max(top, bottom - height - 16); y >= top; y -= 8)
    spots.push({ x: innerWidth - width - 16, y }, { x: 16, y });
  let best = { ...spots[0]!, hidden: Infinity };
  for (const { x, y } of spots) {
    let hidden = 0;
    for (const [box, weight] of boxes)
      hidden +=
        weight *
        Math.max(0, Math.min(box.right, x + width) - Math.max(box.left, x)) *
        Math.max(0, Math.min(box.bottom, y + height) - Math.max(box.top, y));
    if (hidden < best.hidden) best = { x, y, hidden };
  }
  return best;
}
