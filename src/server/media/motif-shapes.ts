/**
 * What every motif file shares: a drawing is a function giving SVG markup in a 400×400 box
 * (ground line near y 350), coloured only by the single-letter classes described in motifs.ts.
 */
export type Draw = () => string;

export const round = (x: number) => Math.round(x * 10) / 10;
/** Points on a circle, e.g. for beads, bolts and pentagons. */
export const around = (cx: number, cy: number, r: number, count: number, start = -90) =>
  Array.from({ length: count }, (_, i) => {
    const t = ((start + (360 / count) * i) * Math.PI) / 180;
    return [round(cx + r * Math.cos(t)), round(cy + r * Math.sin(t))] as const;
  });
export const polygon = (points: readonly (readonly [number, number])[]) =>
  `M${points.map((p) => p.join(' ')).join('L')}z`;
export const star = (cx: number, cy: number, r: number) =>
  polygon(
    around(cx, cy, r, 10).map(([x, y], i) =>
      i % 2 ? [round(cx + (x - cx) * 0.45), round(cy + (y - cy) * 0.45)] : [x, y],
    ),
  );
/** `count` copies of a sub-path, `dx`/`dy` apart (rows of fins, slats, pips and beads). */
export const repeat = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i)).join('');
