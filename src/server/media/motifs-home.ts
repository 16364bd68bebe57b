import { type Draw, repeat } from './motif-shapes';

/** Decor, kitchen and garden goods beyond the vase, Dutch pot, plant, basket and lamp. */
export const HOME_MOTIFS: Record<string, Draw> = {
  // The doctor bird, cut from metal for a wall: green body, black crest, two long tail streamers.
  hummingbird: () =>
    `<path d="M126 236c-24 50-52 86-96 116 52-20 82-58 106-110zM142 242c-8 46-24 82-52 112 40-22 62-60 66-108z" class="d"/><path d="M136 226l-66 22 8 20 70-20z" class="d"/><path d="M120 232c30-54 104-76 156-44 26 16 18 54-20 66-48 16-106 14-136-22z" class="m"/><path d="M150 246q60 20 118-4" class="A" stroke-width="10"/><path d="M178 208c-14-64 22-116 96-142-10 60-44 108-96 142z" class="d"/><path d="M194 190c8-34 30-70 60-98M210 196c12-24 28-48 44-62" class="L" stroke-width="4" opacity=".6"/><circle cx="268" cy="196" r="30" class="k"/><path d="M292 184l90-26-86 44z" class="k"/><circle cx="274" cy="190" r="6" class="w"/><path d="M136 222q30-30 80-36" class="W" stroke-width="6" opacity=".3"/>`,
  'wind-chime': () =>
    `<path d="M98 78L200 28l102 50" class="K" stroke-width="3"/><circle cx="200" cy="26" r="9" class="K" stroke-width="4"/><path d="M116 80v150M158 80v200M200 80v120M242 80v210M284 80v160" class="K" stroke-width="2" opacity=".6"/><path d="M82 70q118-20 236 0 8 6 0 14-118-16-236 0-8-8 0-14z" class="b"/>${[
      [116, 230, 'm'],
      [158, 280, 'a'],
      [200, 200, 'l'],
      [242, 290, 'm'],
      [284, 240, 'a'],
    ]
      .map(
        ([x, y, c]) =>
          `<path d="M${x} ${y}c-14 4-18 28-12 46 4 12 20 12 24 0 6-18 2-42-12-46z" class="${c}" opacity=".85"/><path d="M${Number(x) - 5} ${Number(y) + 14}v14" class="W" stroke-width="4" opacity=".6"/>`,
      )
      .join('')}`,
  cushion: () =>
    `<path d="M150 60q100-14 200 0 14 90 0 180-100 14-200 0-14-90 0-180z" class="d"/><path d="M60 120q130-18 260 0 18 110 0 220-130 18-260 0-18-110 0-220z" class="m"/><path d="M250 112q40 4 70 8 18 110 0 220-36 6-74 8 24-114 4-236z" class="o"/><circle cx="190" cy="230" r="56" class="l" opacity=".7"/><path d="M190 186c14 20 14 68 0 88-14-20-14-68 0-88zM146 230c20-14 68-14 88 0-20 14-68 14-88 0z" class="a"/><circle cx="190" cy="230" r="12" class="d"/>${[
      [94, 148],
      [286, 148],
      [94, 312],
      [286, 312],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" class="l" opacity=".7"/>`)
      .join('')}<path d="M80 150q-6 60 0 160" class="W" stroke-width="8" opacity=".3"/>`,
  // A box grater, and a cassava root to grate for bammy.
  grater: () =>
    `<path d="M150 100h100l30 236H120z" class="s"/><path d="M232 100h18l30 236h-34z" class="o"/><path d="M160 100q40-70 80 0" class="K" stroke-width="14"/><rect x="116" y="330" width="168" height="14" rx="6" class="k"/>${repeat(
      6,
      (i) =>
        `<path d="M${154 - i * 4} ${130 + i * 34}h${92 + i * 8}" class="K" stroke-width="7" stroke-dasharray="1 16" opacity=".55"/>`,
    )}<path d="M54 344q70-52 190-26 14 10 0 22-120 24-190 4z" class="b"/><path d="M110 326l8 14M150 318l6 16M190 316l4 16" class="K" stroke-width="3" opacity=".3"/><ellipse cx="244" cy="330" rx="9" ry="12" class="w"/><path d="M160 112l-22 200" class="W" stroke-width="8" opacity=".5"/>`,
  mortar: () =>
    `<path d="M234 186L300 48a18 18 0 0 1 32 16l-62 128z" class="n"/><path d="M300 48a18 18 0 0 1 32 16l-10 20-32-16z" class="b"/><path d="M80 182h240q0 124-78 150l8 18H150l8-18q-78-26-78-150z" class="b"/><path d="M268 182h52q0 124-78 150l8 18h-30l8-18q74-40 40-150z" class="o"/><ellipse cx="200" cy="182" rx="120" ry="26" class="b"/><ellipse cx="200" cy="184" rx="100" ry="18" class="k" opacity=".55"/><path d="M110 214q10 60 60 96M134 226q6 40 36 70" class="N" stroke-width="4" opacity=".5"/>`,
  // A jerk pan: an oil drum cut lengthways on a stand, its lid open behind.
  grill: () =>
    `<path d="M84 184l-14-110q130-24 262 0l-14 110z" class="d"/><path d="M96 170l-10-84q114-18 228 0l-10 84" class="O" stroke-width="6"/><path d="M120 290l-50 60M280 290l50 60M110 330h180" class="K" stroke-width="10"/><path d="M66 184h268v54q0 56-58 56H124q-58 0-58-56z" class="m"/><path d="M290 184h44v54q0 56-58 56h-20q34-30 34-110z" class="o"/><path d="M150 188v100M250 188v100" class="D" stroke-width="6" opacity=".5"/><ellipse cx="130" cy="180" rx="30" ry="12" class="b"/><ellipse cx="200" cy="178" rx="32" ry="13" class="b"/><ellipse cx="268" cy="180" rx="28" ry="12" class="b"/><path d="M60 184h280" class="K" stroke-width="8"/><path d="M150 150q-14-20 0-40t0-40M210 140q-14-20 0-40t0-40" class="S" stroke-width="6" opacity=".8"/>`,
  'coffee-press': () =>
    `<path d="M270 150h34q18 0 18 18v104q0 18-18 18h-34" class="M" stroke-width="18"/><rect x="132" y="112" width="136" height="218" rx="8" class="l"/><rect x="136" y="186" width="128" height="140" rx="4" class="b"/><rect x="136" y="186" width="128" height="140" rx="4" class="o"/><rect x="136" y="178" width="128" height="10" class="s"/><path d="M200 112V50" class="S" stroke-width="8"/><circle cx="200" cy="44" r="16" class="m"/><rect x="120" y="96" width="160" height="22" rx="8" class="m"/><path d="M124 104l-20 4 4 12 18-2z" class="s"/><rect x="124" y="322" width="152" height="20" rx="8" class="m"/><path d="M152 130v180" class="W" stroke-width="9" opacity=".55"/>`,
  towels: () =>
    `<rect x="60" y="266" width="280" height="74" rx="24" class="d"/><rect x="74" y="196" width="256" height="74" rx="24" class="m"/><rect x="88" y="126" width="236" height="74" rx="24" class="a"/><path d="M290 274v58M298 204v58M300 134v58" class="L" stroke-width="6" opacity=".8"/><path d="M272 274v58M282 204v58M284 134v58" class="L" stroke-width="3" opacity=".8"/>${repeat(
      5,
      (i) =>
        `<circle cx="${116 + i * 30}" cy="${150 + (i % 2) * 24}" r="6" class="w" opacity=".8"/><path d="M${122 + i * 30} ${174 - (i % 2) * 24}l8-6 8 6-8 6z" class="w" opacity=".8"/>`,
    )}<path d="M96 140h180M82 210h190M68 280h200" class="W" stroke-width="6" opacity=".3"/>`,
  hammock: () =>
    `<path d="M40 336q160 26 320 0" class="B" stroke-width="14"/><path d="M60 338L48 126M340 338l12-212" class="B" stroke-width="14"/><path d="M50 128l44 66M50 128l54 74M50 128l62 60M350 128l-44 66M350 128l-54 74M350 128l-62 60" class="K" stroke-width="2" opacity=".6"/><path d="M96 190q104 150 208 0-104 110-208 0z" class="m"/><path d="M100 198q100 128 200 0M112 206q88 100 176 0" class="A" stroke-width="6"/><path d="M96 190q104 110 208 0" class="D" stroke-width="6"/>`,
  hose: () =>
    `<ellipse cx="190" cy="260" rx="140" ry="70" class="E" stroke-width="20"/><ellipse cx="190" cy="248" rx="120" ry="58" class="G" stroke-width="20"/><ellipse cx="190" cy="236" rx="100" ry="46" class="E" stroke-width="20"/><ellipse cx="190" cy="224" rx="80" ry="34" class="G" stroke-width="20"/><path d="M270 208q70-20 80-80" class="G" stroke-width="20"/><path d="M338 132l28-64" class="M" stroke-width="30"/><path d="M356 76l10-24" class="A" stroke-width="30"/><path d="M110 208q80-30 160 0" class="W" stroke-width="5" opacity=".35"/>`,
  lantern: () =>
    `<path d="M170 80q30-56 60 0" class="D" stroke-width="7"/><path d="M130 128l22-44h96l22 44z" class="d"/><rect x="158" y="88" width="84" height="24" rx="3" class="k"/><path d="M186 88v24M214 88v24M158 100h84" class="S" stroke-width="2"/><rect x="146" y="126" width="108" height="166" rx="6" class="d"/><rect x="156" y="134" width="88" height="150" rx="4" class="l"/><circle cx="200" cy="210" r="50" class="w" opacity=".7"/><ellipse cx="200" cy="210" rx="16" ry="26" class="y"/><path d="M200 134v150M156 210h88" class="D" stroke-width="6"/><rect x="136" y="290" width="128" height="30" rx="8" class="d"/><path d="M164 146v120" class="W" stroke-width="7" opacity=".6"/>`,
};
