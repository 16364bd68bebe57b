import { type Draw, repeat } from './motif-shapes';

/** Antiques, crafts and foods beyond the painting, sculpture, coins, records and gift box. */
export const OTHER_MOTIFS: Record<string, Draw> = {
  tray: () =>
    `<path d="M40 196q0-24 24-24h272q24 0 24 24v98q0 24-24 24H64q-24 0-24-24z" class="b"/><path d="M40 270h320v24q0 24-24 24H64q-24 0-24-24z" class="o"/><rect x="68" y="192" width="264" height="84" rx="10" class="b"/><rect x="68" y="192" width="264" height="84" rx="10" class="O" stroke-width="6"/><path d="M90 218q60-10 110 4t110-4M90 244q70 10 140-4t80 4" class="K" stroke-width="3" opacity=".2"/><rect x="50" y="206" width="12" height="46" rx="6" class="k"/><rect x="338" y="206" width="12" height="46" rx="6" class="k"/><path d="M76 184h180" class="W" stroke-width="6" opacity=".3"/>`,
  // A cast-iron box iron, filled with live coals through the vents, wooden handle on top.
  'coal-iron': () =>
    `<path d="M150 210v-84M300 210v-84" class="K" stroke-width="12"/><rect x="126" y="104" width="200" height="34" rx="17" class="b"/><path d="M140 112h170" class="W" stroke-width="6" opacity=".3"/><path d="M40 306q24-92 100-100h210v100z" class="k"/><path d="M80 226q30-20 60-20h210v22H76z" class="d"/><path d="M120 262h0M156 262h0M192 262h0M228 262h0M264 262h0M300 262h0" class="R" stroke-width="16"/><path d="M120 262h0M156 262h0M192 262h0M228 262h0M264 262h0M300 262h0" class="Y" stroke-width="6"/><rect x="36" y="302" width="320" height="16" rx="6" class="s"/><path d="M330 206l20-32 12 8-16 26z" class="k"/><path d="M70 280q14-40 50-58" class="W" stroke-width="8" opacity=".2"/>`,
  // Round woven straw placemats, a fork and knife laid on the top one.
  placemat: () =>
    `<ellipse cx="210" cy="290" rx="170" ry="62" class="b"/><ellipse cx="190" cy="250" rx="170" ry="62" class="n"/>${repeat(
      4,
      (i) =>
        `<ellipse cx="190" cy="250" rx="${150 - i * 36}" ry="${54 - i * 13}" class="B" stroke-width="4" stroke-dasharray="6 6" opacity=".45"/>`,
    )}<path d="M120 210l-36 76M228 210l-36 76" class="S" stroke-width="10"/><path d="M112 198l16 6M122 194l10 14" class="S" stroke-width="5"/><path d="M234 196q10 20-6 30" class="S" stroke-width="12"/>`,
  // A carved calabash: a halved gourd, its outside carved with a leaf band.
  bowl: () =>
    `<path d="M56 180h288q0 164-144 164T56 180z" class="b"/><path d="M290 180h54q0 164-144 164 88-20 90-164z" class="o"/><ellipse cx="200" cy="180" rx="144" ry="36" class="n"/><ellipse cx="200" cy="184" rx="124" ry="26" class="b" opacity=".5"/><path d="M74 226q126 40 252 0" class="Y" stroke-width="6"/><path d="M90 262q110 34 220 0" class="Y" stroke-width="6"/>${repeat(
      6,
      (i) => `<path d="M${108 + i * 36} ${246 + Math.abs(i - 2.5) * -6}l12-12 12 12-12 12z" class="y"/>`,
    )}<path d="M84 204q6 70 60 110" class="W" stroke-width="8" opacity=".25"/>`,
  // A dolphin carved from mahogany, leaping from its base.
  dolphin: () =>
    `<rect x="110" y="318" width="180" height="30" rx="8" class="k"/><path d="M186 318l6-132h20l6 132z" class="b"/><path d="M112 258C90 240 70 236 48 240c16 12 30 22 44 32-6 18-4 32 2 44 8-20 16-40 18-58z" class="b"/><path d="M190 132c6-28 24-44 50-48-12 16-14 30-8 40z" class="b"/><path d="M100 252C120 160 210 104 300 118c22 4 36 16 52 30l-6 10c-20-2-40 2-56 8-60 4-120 30-172 98z" class="b"/><path d="M118 264c52-68 112-94 172-98 16-6 36-10 56-8l6-10c-40 24-130 10-234 116z" class="o"/><path d="M250 168c0 22-14 36-28 42 4-16 8-30 14-40z" class="b"/><circle cx="318" cy="138" r="6" class="k"/><path d="M328 154q10 2 18-2" class="K" stroke-width="3"/><path d="M130 200q50-70 150-74" class="W" stroke-width="8" opacity=".35"/>`,
  // A tin of ackee: red pods, yellow flesh, black seeds on the label.
  can: () =>
    `<path d="M110 86v240a90 22 0 0 0 180 0V86z" class="s"/><path d="M110 128h180v170H110z" class="w"/><path d="M258 90h32v238q-10 14-32 18z" class="o"/><path d="M180 196c-30-40 10-70 40-50 20-30 70 0 44 40 30 20 10 66-30 54-20 30-70 16-60-20-36 0-36-40 6-24z" class="r"/><path d="M186 214c-6-16 10-30 24-20 10-16 34-4 28 14 14 6 10 28-8 28-8 14-34 8-30-8-14-2-18-14-14-14z" class="y"/><circle cx="204" cy="216" r="10" class="k"/><circle cx="230" cy="226" r="9" class="k"/><path d="M126 262c10-30 40-40 58-36" class="G" stroke-width="10"/><ellipse cx="200" cy="86" rx="90" ry="22" class="s"/><ellipse cx="200" cy="86" rx="74" ry="15" class="O" stroke-width="4"/><path d="M110 128h180M110 298h180" class="O" stroke-width="6"/><path d="M124 140v150" class="W" stroke-width="10" opacity=".35"/>`,
  // Spiced bullas: flat, dark, round cakes, stacked, one in front broken open.
  bulla: () =>
    `${repeat(
      3,
      (i) =>
        `<path d="M90 ${250 - i * 60}v34a110 30 0 0 0 220 0v-34z" class="b"/><path d="M90 ${264 - i * 60}v20a110 30 0 0 0 220 0v-20a110 30 0 0 1-220 0z" class="o"/><ellipse cx="200" cy="${250 - i * 60}" rx="110" ry="30" class="b"/><ellipse cx="200" cy="${250 - i * 60}" rx="96" ry="22" class="O" stroke-width="3"/>`,
    )}<path d="M300 356l6-52a70 22 0 0 1 80 10l-10 44z" class="n"/><path d="M306 304a70 22 0 0 1 80 10l-6 6a64 18 0 0 0-72-8z" class="b"/><path d="M150 126q50-14 100 0" class="W" stroke-width="6" opacity=".25"/>`,
  // A rum cake in its round tin, and a slice in front.
  'cake-tin': () =>
    `<path d="M72 168v124a128 38 0 0 0 256 0V168z" class="m"/><path d="M284 170h44v122q-10 28-44 36z" class="o"/><path d="M72 250a128 38 0 0 0 256 0" class="Y" stroke-width="8"/><ellipse cx="200" cy="168" rx="128" ry="38" class="d"/><ellipse cx="200" cy="162" rx="128" ry="38" class="m"/><ellipse cx="200" cy="162" rx="104" ry="28" class="Y" stroke-width="5"/><path d="${'M200 142l8 14h16l-12 10 4 16-16-10-16 10 4-16-12-10h16z'}" class="y"/><path d="M236 352l60-90 80 50-4 40z" class="b"/><path d="M236 352l60-90 80 50-140 40z" class="o"/><path d="M296 262l80 50-4 10-80-50z" class="d"/><path d="M90 190v90" class="W" stroke-width="10" opacity=".3"/>`,
  postcards: () =>
    `<g transform="rotate(-10 200 200)"><rect x="70" y="86" width="250" height="164" rx="6" class="w"/><rect x="70" y="86" width="250" height="164" rx="6" class="K" stroke-width="3" opacity=".2"/><path d="M200 102v132M216 150h88M216 176h88M216 202h70" class="K" stroke-width="3" opacity=".3"/><rect x="270" y="98" width="38" height="44" rx="3" class="r"/><rect x="270" y="98" width="38" height="44" rx="3" class="W" stroke-width="3" stroke-dasharray="2 5"/><path d="M88 120h90M88 140h70" class="A" stroke-width="5" opacity=".7"/></g><g transform="rotate(8 200 240)"><rect x="60" y="180" width="260" height="170" rx="6" class="w"/><rect x="72" y="192" width="236" height="146" class="l"/><circle cx="270" cy="226" r="20" class="y"/><path d="M72 290q60-60 120-30t116-20v98H72z" class="g"/><path d="M72 314q80-20 236 0v24H72z" class="m"/><rect x="60" y="180" width="260" height="170" rx="6" class="K" stroke-width="3" opacity=".2"/></g>`,
};
