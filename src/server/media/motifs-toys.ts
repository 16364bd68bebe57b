import { type Draw, repeat } from './motif-shapes';

/** Toys and games beyond the blocks, figure, doll, ludo board and kite. */
export const TOY_MOTIFS: Record<string, Draw> = {
  // A wooden map-of-Jamaica puzzle with one piece lifted out.
  puzzle: () =>
    `<g transform="translate(0 -20)"><rect x="36" y="88" width="328" height="214" rx="14" class="b"/><rect x="52" y="104" width="296" height="182" rx="6" class="l"/><path d="M66 210c20-34 66-44 108-40 40 4 66-22 108-16 30 4 54 14 62 36-14 20-44 22-70 30-42 12-70 32-114 30-42-2-76-14-94-40z" class="g"/><path d="M150 178v26q14-8 14 6t-14 6v40M230 166v30q-14-6-14 8t14 8v30M112 214h30q-4-14 8-14t8 14h22" class="E" stroke-width="3"/><circle cx="296" cy="146" r="10" class="y"/><path d="M60 112h120" class="W" stroke-width="6" opacity=".4"/></g><path d="M280 280h26a14 14 0 1 1 24 0h26v26a14 14 0 1 0 0 22v20h-76z" class="m"/>`,
  robot: () =>
    `<path d="M200 70V38" class="K" stroke-width="6"/><circle cx="200" cy="34" r="12" class="r"/><rect x="136" y="70" width="128" height="90" rx="18" class="s"/><circle cx="174" cy="112" r="16" class="w"/><circle cx="226" cy="112" r="16" class="w"/><circle cx="174" cy="112" r="8" class="a"/><circle cx="226" cy="112" r="8" class="a"/><path d="M180 142h40" class="K" stroke-width="6"/><path d="M118 190l-36 70M282 190l36 70" class="D" stroke-width="22"/><circle cx="80" cy="266" r="16" class="s"/><circle cx="320" cy="266" r="16" class="s"/><rect x="116" y="166" width="168" height="124" rx="16" class="m"/><rect x="146" y="186" width="108" height="64" rx="4" class="k"/><path d="M146 207h108M146 228h108M182 186v64M218 186v64" class="S" stroke-width="2"/><rect x="124" y="290" width="152" height="48" rx="24" class="k"/><circle cx="156" cy="314" r="14" class="s"/><circle cx="200" cy="314" r="14" class="s"/><circle cx="244" cy="314" r="14" class="s"/>`,
  abacus: () =>
    `<path d="M70 66v290M330 66v290M50 356h80M270 356h80" class="B" stroke-width="16"/><path d="M70 70h260M70 320h260" class="B" stroke-width="16"/>${repeat(
      5,
      (i) =>
        `<path d="M70 ${110 + i * 46}h260" class="S" stroke-width="3"/><path d="M96 ${110 + i * 46}h${96 - i * 24}M${306 - i * 24} ${110 + i * 46}h${i * 24}" class="${'RYGAM'[i]}" stroke-width="24" stroke-dasharray="0 24"/>`,
    )}`,
  // A long-necked dinosaur with a small horned one in front.
  dinosaur: () =>
    `<path d="M96 250c-30 20-60 24-86 20 40-14 60-36 80-52z" class="m"/><path d="M90 230c0-60 60-96 130-88 24 2 40 14 50 28l28-96c4-18 34-24 46-6 10 14-2 28-18 26l-32 120c8 34-6 58-34 70v66h-32v-56h-60v56h-32v-64c-30-14-46-34-46-56z" class="m"/><path d="M150 290v56M254 290v56" class="O" stroke-width="24"/><circle cx="336" cy="72" r="5" class="k"/><circle cx="150" cy="206" r="12" class="d"/><circle cx="190" cy="186" r="9" class="d"/><circle cx="226" cy="208" r="10" class="d"/><path d="M120 200q40-50 110-46" class="W" stroke-width="8" opacity=".3"/><path d="M250 320c0-26 26-40 56-40 20 0 36 8 46 20l20-8-6 18c6 14 0 26-12 30v22h-20v-16h-44v16h-20v-22c-12-4-20-10-20-20z" class="a"/><path d="M352 300l20-24" class="A" stroke-width="6"/><circle cx="346" cy="306" r="4" class="k"/>`,
  // A doll's house open at the front, furnished with a bed, a sofa and a table.
  dollhouse: () =>
    `<path d="M72 150L200 60l128 90v196H72z" class="l"/><path d="M50 162L200 52l150 110-14 16L200 78 64 178z" class="r"/><path d="M72 246h256M200 150v196" class="B" stroke-width="8"/><path d="M72 346h256" class="B" stroke-width="10"/><rect x="92" y="208" width="88" height="30" rx="6" class="m"/><rect x="92" y="196" width="26" height="20" rx="6" class="w"/><path d="M92 238v8M180 238v8" class="K" stroke-width="5"/><path d="M230 190h70" class="Y" stroke-width="6"/><path d="M265 190v48" class="K" stroke-width="4"/><path d="M248 238h34" class="K" stroke-width="6"/><rect x="90" y="300" width="96" height="36" rx="10" class="a"/><rect x="90" y="282" width="96" height="26" rx="10" class="a"/><rect x="216" y="296" width="84" height="10" rx="3" class="b"/><path d="M224 306v34M292 306v34" class="B" stroke-width="6"/><circle cx="200" cy="116" r="18" class="w"/><circle cx="200" cy="116" r="18" class="D" stroke-width="4"/>`,
  // Dominoes standing in their mahogany box, and two laid in front.
  dominoes: () =>
    `${repeat(
      4,
      (i) =>
        `<g transform="rotate(${-12 + i * 8} ${110 + i * 60} 240)"><rect x="${84 + i * 60}" y="110" width="54" height="104" rx="8" class="w"/><rect x="${84 + i * 60}" y="110" width="54" height="104" rx="8" class="K" stroke-width="3" opacity=".25"/><path d="M${90 + i * 60} 162h42" class="K" stroke-width="3"/><path d="M${100 + i * 60} ${126 + (i % 2) * 10}h22" class="K" stroke-width="10" stroke-dasharray="0 22"/></g>`,
    )}<rect x="60" y="190" width="280" height="110" rx="10" class="b"/><path d="M76 206h248" class="W" stroke-width="5" opacity=".3"/><path d="M250 190h90v110h-70z" class="o"/><rect x="90" y="306" width="104" height="50" rx="8" class="w"/><rect x="206" y="306" width="104" height="50" rx="8" class="w"/><path d="M142 310v42M258 310v42" class="K" stroke-width="3"/><path d="M110 320h0M124 331h0M110 342h0M170 331h0M224 320h0M224 342h0M240 320h0M240 342h0M284 320h0M296 342h0" class="K" stroke-width="9"/>`,
  // A fan of playing cards from a family card game.
  cards: () =>
    `${repeat(
      4,
      (i) =>
        `<g transform="rotate(${-36 + i * 24} 200 340)"><rect x="140" y="80" width="120" height="176" rx="12" class="${i === 3 ? 'w' : 'm'}"/><rect x="140" y="80" width="120" height="176" rx="12" class="K" stroke-width="3" opacity=".2"/>${i === 3 ? '' : '<rect x="152" y="92" width="96" height="152" rx="6" class="L" stroke-width="4" opacity=".6"/>'}</g>`,
    )}<g transform="rotate(36 200 340)"><path d="M200 140c-24-30-60-6-40 22l40 40 40-40c20-28-16-52-40-22z" class="r"/><path d="M158 96h0M242 240h0" class="A" stroke-width="14"/></g>`,
  // A chess board with a king, a pawn and a stack of draughts.
  chess: () =>
    `<g transform="matrix(.8 0 -.4 .4 116 174)"><rect x="40" y="40" width="320" height="320" rx="8" class="b"/><rect x="60" y="60" width="280" height="280" class="w"/><path d="${repeat(
      32,
      (i) => `M${60 + ((i % 4) * 2 + (Math.floor(i / 4) % 2)) * 35} ${60 + Math.floor(i / 4) * 35}h35v35h-35z`,
    )}" class="d"/></g><path d="M148 250c-8-30 0-58 20-70-12-6-10-24 6-24h16c16 0 18 18 6 24 20 12 28 40 20 70z" class="k"/><path d="M182 130v24M172 140h20" class="K" stroke-width="6"/><rect x="138" y="246" width="88" height="18" rx="6" class="k"/><path d="M252 250c0-24 8-34 18-40-8-6-6-22 8-22s16 16 8 22c10 6 18 16 18 40z" class="w"/><rect x="244" y="246" width="68" height="16" rx="6" class="w"/><path d="M252 250c0-24 8-34 18-40-8-6-6-22 8-22s16 16 8 22c10 6 18 16 18 40z" class="K" stroke-width="3" opacity=".3"/><ellipse cx="318" cy="210" rx="26" ry="10" class="r"/><ellipse cx="318" cy="200" rx="26" ry="10" class="r"/><ellipse cx="318" cy="198" rx="18" ry="6" class="O" stroke-width="3"/>`,
  'water-blaster': () =>
    `<rect x="112" y="92" width="150" height="78" rx="34" class="l"/><path d="M116 140h142v10q0 20-34 20h-74q-34 0-34-20z" class="a"/><path d="M130 106q20-8 50-6" class="W" stroke-width="8" opacity=".7"/><path d="M150 210l-28 118h54l24-118z" class="d"/><rect x="50" y="166" width="270" height="52" rx="22" class="m"/><rect x="316" y="178" width="50" height="28" rx="6" class="a"/><rect x="228" y="218" width="82" height="32" rx="12" class="d"/><path d="M196 218q8 30-10 40" class="K" stroke-width="8"/><path d="M60 180h240" class="W" stroke-width="6" opacity=".35"/><circle cx="378" cy="192" r="6" class="l"/><circle cx="392" cy="176" r="4" class="l"/><circle cx="392" cy="206" r="4" class="l"/>`,
  swing: () =>
    `<path d="M30 56q170-24 340 0" class="B" stroke-width="22"/><path d="M60 50c-10-24 20-36 34-20M300 40c10-26 40-20 40 0" class="G" stroke-width="14"/><path d="M110 60v232M290 54v238" class="N" stroke-width="7"/><path d="M110 60l-8 10 8 10-8 10M290 56l-8 10 8 10-8 10" class="B" stroke-width="3" opacity=".5"/><rect x="76" y="282" width="248" height="30" rx="10" class="m"/><rect x="76" y="306" width="248" height="10" rx="5" class="d"/><path d="M90 290h220" class="W" stroke-width="5" opacity=".35"/>`,
  // A bubble machine blowing bubbles, with a bottle of solution.
  bubbles: () =>
    `<rect x="48" y="226" width="180" height="120" rx="22" class="m"/><path d="M188 228q40 0 40 40v56q0 22-40 22z" class="o"/><circle cx="130" cy="284" r="40" class="k"/><path d="M130 250v68M96 284h68M106 260l48 48M154 260l-48 48" class="S" stroke-width="6"/><circle cx="130" cy="284" r="10" class="s"/><rect x="254" y="268" width="56" height="80" rx="12" class="a"/><rect x="266" y="246" width="32" height="24" rx="6" class="d"/>${[
      [190, 170, 34],
      [268, 110, 46],
      [150, 100, 24],
      [340, 200, 26],
      [226, 46, 18],
      [330, 60, 16],
    ]
      .map(
        ([x, y, r]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" class="A" stroke-width="4" opacity=".7"/><path d="M${x - r * 0.6} ${y - r * 0.2}a${r * 0.7} ${r * 0.7} 0 0 1 ${r * 0.5}-${r * 0.45}" class="W" stroke-width="4"/>`,
      )
      .join('')}`,
};
