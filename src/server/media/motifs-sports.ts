import { type Draw, repeat } from './motif-shapes';

/** Fitness, outdoor and training gear beyond the dumbbell, balls, bat, bicycle, tent and bottle. */
export const SPORTS_MOTIFS: Record<string, Draw> = {
  'yoga-mat': () =>
    `<path d="M96 262h250l40 74H136z" class="d"/><path d="M112 272h226M122 290h222M130 308h222" class="L" stroke-width="3" opacity=".35"/><rect x="96" y="166" width="230" height="96" rx="10" class="m"/><path d="M280 166h46v96h-46z" class="o"/><ellipse cx="96" cy="214" rx="32" ry="48" class="l"/><path d="M96 190c-14 0-20 12-20 24s6 24 20 24 16-10 16-22-8-18-16-18c-8 0-10 8-10 14s4 10 8 10" class="D" stroke-width="4"/><rect x="154" y="162" width="16" height="104" rx="4" class="k"/><rect x="262" y="162" width="16" height="104" rx="4" class="k"/><path d="M162 164q54-120 108 0" class="K" stroke-width="8"/><path d="M110 180h200" class="W" stroke-width="8" opacity=".3"/>`,
  'resistance-band': () =>
    `<ellipse cx="200" cy="290" rx="150" ry="50" class="D" stroke-width="22"/><ellipse cx="200" cy="262" rx="130" ry="42" class="A" stroke-width="22"/><ellipse cx="200" cy="236" rx="110" ry="34" class="M" stroke-width="22"/><path d="M108 96q92 150 184 0" class="K" stroke-width="10"/><g transform="rotate(-24 96 84)"><rect x="52" y="70" width="88" height="30" rx="15" class="k"/></g><g transform="rotate(24 304 84)"><rect x="260" y="70" width="88" height="30" rx="15" class="k"/></g><path d="M118 228q82-26 164 0" class="W" stroke-width="6" opacity=".35"/>`,
  'skipping-rope': () =>
    `<path d="M108 208C96 420 304 420 292 208" class="A" stroke-width="8"/><g transform="rotate(-14 108 140)"><rect x="90" y="70" width="36" height="140" rx="18" class="m"/><rect x="98" y="98" width="20" height="30" rx="4" class="k"/><path d="M103 108h10M103 118h10" class="L" stroke-width="3"/><rect x="96" y="200" width="24" height="16" rx="4" class="d"/></g><g transform="rotate(14 292 140)"><rect x="274" y="70" width="36" height="140" rx="18" class="m"/><rect x="280" y="200" width="24" height="16" rx="4" class="d"/></g><path d="M96 90v90" class="W" stroke-width="6" opacity=".4"/>`,
  kettlebell: () =>
    `<path d="M134 180C116 60 284 60 266 180" class="K" stroke-width="34"/><path d="M134 180C116 60 284 60 266 180" class="W" stroke-width="6" opacity=".15"/><circle cx="200" cy="236" r="112" class="k"/><path d="M150 340h100l-10-20h-80z" class="k"/><rect x="164" y="222" width="72" height="40" rx="8" class="m"/><path d="M180 242h40" class="W" stroke-width="6" opacity=".6"/><path d="M118 196q20-44 64-60" class="W" stroke-width="12" opacity=".2"/>`,
  netball: () =>
    `<circle cx="200" cy="200" r="140" class="w"/><path d="M200 60c-60 70-60 210 0 280 60-70 60-210 0-280z" class="m"/><path d="M62 180c60 30 216 30 276 0M70 250c70-40 190-40 260 0" class="D" stroke-width="6"/><path d="M200 60c-60 70-60 210 0 280M200 60c60 70 60 210 0 280" class="D" stroke-width="6"/><circle cx="200" cy="200" r="140" class="K" stroke-width="5"/><path d="M110 120a110 110 0 0 1 40-36" class="W" stroke-width="14" opacity=".8"/>`,
  snorkel: () =>
    `<path d="M300 66v180q0 70-70 70h-26" class="M" stroke-width="24"/><rect x="284" y="40" width="32" height="34" rx="8" class="a"/><rect x="178" y="300" width="34" height="32" rx="10" class="k"/><path d="M48 172l-20-10M352 172l20-10" class="D" stroke-width="16"/><path d="M60 140q0-44 50-44h180q50 0 50 44v40q0 54-54 54-30 0-52-26l-14-18h-40l-14 18q-22 26-52 26-54 0-54-54z" class="k"/><path d="M78 146q0-30 36-30h68l6 80q-14 18-40 20-70 4-70-44zM322 146q0-30-36-30h-68l-6 80q14 18 40 20 70 4 70-44z" class="l"/><path d="M98 130l30-4-36 60zM238 130l30-4-36 60z" class="h"/>`,
  backpack: () =>
    `<path d="M96 140q-20 100 8 180M304 140q20 100-8 180" class="D" stroke-width="16"/><rect x="104" y="78" width="192" height="264" rx="56" class="m"/><path d="M250 80q46 4 46 56v150q0 56-46 56z" class="o"/><path d="M170 80q30-44 60 0" class="K" stroke-width="10"/><path d="M120 146q80-40 160 0" class="D" stroke-width="5"/><rect x="132" y="212" width="136" height="110" rx="26" class="d"/><path d="M140 236q60-18 120 0" class="L" stroke-width="4"/><rect x="190" y="236" width="20" height="10" rx="3" class="k"/><rect x="238" y="140" width="18" height="12" rx="3" class="k"/><path d="M126 110q-10 60 0 110" class="W" stroke-width="10" opacity=".3"/>`,
  helmet: () =>
    `<path d="M60 252c0-112 80-172 176-172 72 0 120 54 128 118l-8 54z" class="m"/><path d="M296 110c40 28 64 64 68 88l-8 54h-50c18-50 14-100-10-142z" class="o"/><path d="M120 130q40-34 90-40M126 176q60-52 150-50M130 220q80-50 196-34" class="K" stroke-width="14"/><path d="M58 250h300" class="D" stroke-width="14"/><path d="M62 246l-26 6q18 26 54 18z" class="d"/><rect x="320" y="236" width="34" height="20" rx="6" class="r"/><path d="M130 258l40 82M176 258l-6 82" class="K" stroke-width="5"/><rect x="160" y="330" width="20" height="16" rx="4" class="k"/><path d="M90 200q14-60 80-96" class="W" stroke-width="10" opacity=".3"/>`,
  // A sports kit bag (duffel) with carry handles and a shoulder strap.
  duffel: () =>
    `<path d="M70 200Q200 40 330 200" class="K" stroke-width="6"/><path d="M156 168q44-80 88 0" class="K" stroke-width="14"/><rect x="56" y="164" width="288" height="170" rx="70" class="m"/><path d="M284 166q60 6 60 84v14q0 70-60 70z" class="o"/><path d="M100 174h200" class="S" stroke-width="5"/><rect x="56" y="232" width="288" height="30" class="a"/><ellipse cx="86" cy="250" rx="22" ry="62" class="d"/><ellipse cx="314" cy="250" rx="22" ry="62" class="d"/><path d="M300 174l10 18" class="K" stroke-width="5"/><path d="M110 190h120" class="W" stroke-width="8" opacity=".3"/>`,
  // Training cones beside an agility ladder laid on the grass.
  cones: () =>
    `<path d="M110 340L168 150M300 340L236 150" class="Y" stroke-width="8"/><path d="M150 208h104M138 250h128M124 296h150M160 174h84" class="Y" stroke-width="6"/>${[
      [86, 346, 1],
      [318, 346, 1],
      [204, 240, 0.7],
    ]
      .map(
        ([x, y, s]) =>
          `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-58 0h116l-8-12h-100z" class="a"/><path d="M-38-12L-8-120h16l30 108z" class="a"/><path d="M-28-48h56l-6-22h-44z" class="w"/><path d="M8-120l30 108h-20z" class="o"/></g>`,
      )
      .join('')}`,
  'starting-blocks': () =>
    `<rect x="16" y="296" width="368" height="60" rx="14" class="r"/><path d="M30 340h340" class="W" stroke-width="6"/><rect x="36" y="290" width="328" height="20" rx="6" class="s"/>${repeat(9, (i) => `<path d="M${56 + i * 36} 294v12" class="K" stroke-width="5" opacity=".4"/>`)}<path d="M90 292h96V176z" class="m"/><path d="M96 284l88-100" class="K" stroke-width="16"/><path d="M224 292h112V150z" class="m"/><path d="M230 284l104-124" class="K" stroke-width="16"/><path d="M186 176v116h-20zM336 150v142h-22z" class="o"/><path d="M36 292h328" class="W" stroke-width="4" opacity=".4"/>`,
  'weight-bench': () =>
    `<path d="M96 222v110M70 338h56M250 222l60 110M230 338h110M250 222l36-10" class="K" stroke-width="12"/><path d="M212 190l120-100" class="K" stroke-width="10"/><circle cx="74" cy="268" r="20" class="d"/><circle cx="118" cy="268" r="20" class="d"/><rect x="50" y="190" width="196" height="34" rx="16" class="m"/><g transform="rotate(-40 236 206)"><rect x="236" y="180" width="150" height="34" rx="16" class="m"/></g><path d="M64 198h170" class="W" stroke-width="6" opacity=".35"/><rect x="230" y="324" width="110" height="12" rx="6" class="s"/><path d="M140 332h80" class="S" stroke-width="8"/><rect x="124" y="312" width="20" height="40" rx="6" class="k"/><rect x="216" y="312" width="20" height="40" rx="6" class="k"/>`,
};
