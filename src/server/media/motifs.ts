/**
 * Flat illustrations of goods, drawn in a 400×400 box (ground line near y 350) that art.ts
 * places, scales and tilts. Colours are single-letter CSS classes so every drawing stays small:
 * fills m main, d dark, a accent, l light (all from the hue), w white, k ink, g/e leaf greens,
 * b wood, n straw, s silver, y gold, t skin, r pepper red, h highlight, o shade; the upper-case
 * letter is the same colour as an unfilled, round-capped stroke.
 */

import { around, type Draw, polygon, round, star } from './motif-shapes';
import { AUTO_MOTIFS } from './motifs-auto';
import { BEAUTY_MOTIFS } from './motifs-beauty';
import { CLOTHING_MOTIFS } from './motifs-clothing';
import { ELECTRONICS_MOTIFS } from './motifs-electronics';
import { HOME_MOTIFS } from './motifs-home';
import { OTHER_MOTIFS } from './motifs-other';
import { SPORTS_MOTIFS } from './motifs-sports';
import { TOY_MOTIFS } from './motifs-toys';

export type { Draw };

export const MOTIFS: Record<string, Draw> = {
  // Electronics
  phone: () =>
    `<rect x="122" y="28" width="156" height="344" rx="28" class="k"/><rect x="134" y="40" width="132" height="320" rx="18" class="m"/><circle cx="228" cy="128" r="30" class="l"/><path d="M134 246q66-56 132-8v104a18 18 0 0 1-18 18h-96a18 18 0 0 1-18-18z" class="a"/><path d="M134 290q66-40 132 0v52a18 18 0 0 1-18 18h-96a18 18 0 0 1-18-18z" class="d"/><rect x="176" y="52" width="48" height="13" rx="6.5" class="k"/><path d="M152 40h54L134 196V58a18 18 0 0 1 18-18z" class="h"/><rect x="278" y="108" width="5" height="44" rx="2" class="k"/>`,
  laptop: () =>
    `<rect x="72" y="78" width="256" height="178" rx="12" class="k"/><rect x="84" y="90" width="232" height="154" rx="3" class="m"/><circle cx="268" cy="132" r="20" class="l"/><path d="M84 206q58-50 116-12t116-18v68H84z" class="a"/><path d="M84 226q70-30 140 0t92-6v24H84z" class="d"/><path d="M84 90h86L84 190z" class="h"/><path d="M36 262h328l-16 24a14 14 0 0 1-12 6H64a14 14 0 0 1-12-6z" class="s"/><path d="M170 262h60l-5 8h-50z" class="o"/>`,
  tablet: () =>
    `<rect x="78" y="46" width="244" height="312" rx="26" class="k"/><rect x="92" y="60" width="216" height="284" rx="12" class="l"/><rect x="112" y="86" width="52" height="52" rx="14" class="m"/><rect x="174" y="86" width="52" height="52" rx="14" class="a"/><rect x="236" y="86" width="52" height="52" rx="14" class="d"/><rect x="112" y="152" width="52" height="52" rx="14" class="a"/><rect x="174" y="152" width="52" height="52" rx="14" class="d"/><rect x="236" y="152" width="52" height="52" rx="14" class="m"/><rect x="108" y="286" width="184" height="42" rx="14" class="o"/><path d="M112 60h90L92 240V80a20 20 0 0 1 20-20z" class="h"/>`,
  headphones: () =>
    `<path d="M92 238v-40a108 108 0 0 1 216 0v40" class="K" stroke-width="20"/><path d="M128 116a100 100 0 0 1 144 0" class="M" stroke-width="10"/><rect x="58" y="196" width="72" height="138" rx="32" class="m"/><rect x="270" y="196" width="72" height="138" rx="32" class="m"/><rect x="108" y="210" width="30" height="110" rx="15" class="k"/><rect x="262" y="210" width="30" height="110" rx="15" class="k"/><rect x="72" y="214" width="14" height="76" rx="7" class="h"/><rect x="284" y="214" width="14" height="76" rx="7" class="h"/><circle cx="306" cy="306" r="7" class="a"/>`,
  gamepad: () =>
    `<path d="M120 126h160c50 0 80 40 90 100l10 70c5 40-40 55-65 25l-35-45H120l-35 45c-25 30-70 15-65-25l10-70c10-60 40-100 90-100z" class="m"/><path d="M120 136h160c30 0 50 14 62 40H58c12-26 32-40 62-40z" class="h"/><path d="M95 186h20v-20h20v20h20v20h-20v20h-20v-20H95z" class="k"/><circle cx="278" cy="172" r="13" class="a"/><circle cx="306" cy="198" r="13" class="l"/><circle cx="278" cy="224" r="13" class="y"/><circle cx="250" cy="198" r="13" class="w"/><circle cx="165" cy="252" r="24" class="k"/><circle cx="235" cy="252" r="24" class="k"/><circle cx="165" cy="252" r="12" class="d"/><circle cx="235" cy="252" r="12" class="d"/>`,
  camera: () =>
    `<path d="M140 124l22-36h76l22 36z" class="k"/><rect x="48" y="118" width="304" height="204" rx="26" class="k"/><rect x="48" y="162" width="304" height="118" class="m"/><rect x="80" y="100" width="44" height="18" rx="6" class="a"/><rect x="284" y="136" width="40" height="16" rx="4" class="l"/><circle cx="200" cy="222" r="82" class="s"/><circle cx="200" cy="222" r="66" class="k"/><circle cx="200" cy="222" r="44" class="d"/><circle cx="200" cy="222" r="22" class="a"/><circle cx="182" cy="202" r="11" class="h"/>`,
  'smart-speaker': () =>
    `<rect x="116" y="84" width="168" height="270" rx="44" class="m"/><path d="M236 86h4a44 44 0 0 1 44 44v180a44 44 0 0 1-44 44h-4z" class="o"/><ellipse cx="200" cy="96" rx="80" ry="22" class="d"/><ellipse cx="200" cy="96" rx="56" ry="13" class="A" stroke-width="6"/><path d="M146 140v180M172 140v180M198 140v180M224 140v180M250 140v180" class="D" stroke-width="3" stroke-dasharray="1 9" opacity=".6"/><rect x="134" y="130" width="12" height="170" rx="6" class="h"/>`,
  'smart-bulb': () =>
    `<path d="M200 40a112 112 0 0 0-72 198c14 12 22 28 22 46h100c0-18 8-34 22-46A112 112 0 0 0 200 40z" class="l"/><path d="M200 40a112 112 0 0 1 72 198c-14 12-22 28-22 46h-30c0-30 10-52 26-68a112 112 0 0 0-46-176z" class="o"/><path d="M170 284v-70l30-30 30 30v70" class="A" stroke-width="7"/><rect x="150" y="284" width="100" height="22" rx="6" class="s"/><rect x="156" y="306" width="88" height="20" rx="6" class="d"/><rect x="162" y="326" width="76" height="18" rx="6" class="s"/><path d="M178 344h44l-10 14h-24z" class="k"/><path d="M150 82a80 80 0 0 0-32 60" class="W" stroke-width="12"/><path d="M52 150H26M60 80 38 62M348 150h26M340 80l22-18" class="A" stroke-width="8"/>`,

  // Clothing
  shirt: () =>
    `<path d="M150 48l-92 40 26 78 36-14v206h160V152l36 14 26-78-92-40-50 30z" class="m"/><path d="M84 166l36-14v34l-30 12z" class="o"/><path d="M150 48l50 30 50-30-18 44-32-12-32 12z" class="l"/><path d="M200 80v276" class="D" stroke-width="4"/><circle cx="200" cy="126" r="5" class="l"/><circle cx="200" cy="176" r="5" class="l"/><circle cx="200" cy="226" r="5" class="l"/><circle cx="200" cy="276" r="5" class="l"/><rect x="224" y="136" width="40" height="44" rx="4" class="o"/><path d="M130 96l-6 250" class="W" stroke-width="10" opacity=".25"/>`,
  dress: () =>
    `<path d="M164 36v40M236 36v40" class="D" stroke-width="6"/><path d="M156 76h88l-8 58 26 28 70 194H68l70-194 26-28z" class="m"/><path d="M228 166l26 4 64 186h-58z" class="o"/><path d="M144 150h112l-6 20H150z" class="a"/><circle cx="160" cy="220" r="7" class="l"/><circle cx="212" cy="250" r="7" class="l"/><circle cx="140" cy="300" r="7" class="l"/><circle cx="196" cy="320" r="7" class="l"/><circle cx="250" cy="300" r="7" class="l"/><circle cx="230" cy="206" r="7" class="l"/><path d="M160 186l-40 150" class="W" stroke-width="10" opacity=".25"/>`,
  'kids-tee': () =>
    `<path d="M145 84l-76 36 24 58 30-12v170h154V166l30 12 24-58-76-36c-12 24-98 24-110 0z" class="m"/><path d="M145 84c12 24 98 24 110 0" class="L" stroke-width="9"/><path d="M93 178l30-12v30l-24 10z" class="o"/><path d="${star(200, 238, 48)}" class="y"/><circle cx="150" cy="302" r="8" class="a"/><circle cx="252" cy="300" r="8" class="a"/>`,
  jersey: () =>
    `<path d="M150 50l-70 30 16 70 34-10v216h140V140l34 10 16-70-70-30-50 56z" class="m"/><path d="M170 50l30 36 30-36" class="W" stroke-width="8"/><path d="M182 126h36v230h-36z" class="y"/><path d="M146 126h36v230h-36z" class="g"/><path d="M80 80l16 70 34-10-10-60z" class="o"/><path d="M320 80l-16 70-34-10 10-60z" class="o"/>`,
  sneaker: () =>
    `<path d="M44 302L58 172c20 10 40 12 56 6l40-46c22 22 60 58 100 78 62 12 104 40 112 84v8z" class="m"/><path d="M58 172c20 10 40 12 56 6l-10 120H46z" class="d"/><path d="M92 270c64 0 136-22 196-64-28 44-98 82-188 84z" class="l"/><path d="M168 160l26-12M188 178l26-12M208 196l26-12" class="L" stroke-width="8"/><path d="M40 300h330c6 0 10 6 10 12v4c0 12-8 18-18 18H48c-10 0-14-6-14-16v-6c0-8 2-12 6-12z" class="w"/><path d="M36 316h342" class="A" stroke-width="8"/><path d="M130 146l24-14" class="W" stroke-width="8" opacity=".4"/>`,
  cap: () =>
    `<path d="M58 262c0-92 52-152 132-152 72 0 122 52 132 140z" class="m"/><path d="M190 112c-30 40-40 90-40 148M190 112c30 40 50 90 56 144" class="D" stroke-width="4"/><path d="M88 204c10-40 40-72 82-80-30 20-52 50-62 82z" class="h"/><path d="M292 240c36-6 78-2 98 14 6 5 3 13-5 15-44 10-88 6-118-4z" class="d"/><path d="M56 262h262" class="D" stroke-width="10"/><ellipse cx="190" cy="110" rx="16" ry="7" class="d"/><path d="M118 168h40l-4 30h-40z" class="a"/>`,
  handbag: () =>
    `<path d="M140 172v-34a60 60 0 0 1 120 0v34" class="D" stroke-width="14"/><path d="M86 168h228l28 176H58z" class="m"/><path d="M272 168h42l28 176h-50z" class="o"/><path d="M86 168h228l-8 74H94z" class="d"/><rect x="184" y="228" width="32" height="24" rx="5" class="y"/><path d="M100 186l-18 140" class="W" stroke-width="10" opacity=".25"/>`,

  // Home & Garden
  chair: () =>
    `<rect x="110" y="52" width="22" height="300" rx="8" class="b"/><rect x="268" y="52" width="22" height="300" rx="8" class="b"/><rect x="130" y="66" width="140" height="124" rx="18" class="m"/><path d="M150 88h100" class="W" stroke-width="12" opacity=".35"/><path d="M200 78v100" class="D" stroke-width="4"/><rect x="92" y="196" width="216" height="52" rx="18" class="m"/><rect x="92" y="226" width="216" height="22" rx="10" class="o"/><rect x="86" y="244" width="228" height="20" rx="6" class="b"/><rect x="98" y="262" width="20" height="92" rx="6" class="b"/><rect x="282" y="262" width="20" height="92" rx="6" class="b"/>`,
  // A low table on four legs, with a lower shelf (coffee, side and bedside tables).
  table: () =>
    `<rect x="40" y="150" width="320" height="30" rx="8" class="b"/><rect x="40" y="150" width="320" height="12" rx="6" class="h" opacity=".35"/><rect x="52" y="180" width="296" height="30" rx="4" class="o"/><rect x="150" y="186" width="100" height="18" rx="6" class="m"/><circle cx="200" cy="195" r="5" class="y"/><rect x="62" y="180" width="22" height="172" rx="6" class="b"/><rect x="316" y="180" width="22" height="172" rx="6" class="b"/><rect x="70" y="284" width="260" height="16" rx="5" class="b"/><rect x="110" y="256" width="70" height="28" rx="4" class="m"/><rect x="190" y="264" width="56" height="20" rx="4" class="a"/>`,
  // A two-seat slatted bench with arms.
  bench: () =>
    `<rect x="40" y="100" width="320" height="24" rx="8" class="b"/><rect x="40" y="134" width="320" height="24" rx="8" class="b"/><rect x="40" y="168" width="320" height="24" rx="8" class="b"/><rect x="52" y="92" width="18" height="262" rx="6" class="o"/><rect x="330" y="92" width="18" height="262" rx="6" class="o"/><rect x="30" y="216" width="340" height="26" rx="8" class="m"/><rect x="30" y="242" width="340" height="14" rx="6" class="d"/><path d="M30 202h40M330 202h40" class="B" stroke-width="12"/><path d="M60 110h280" class="W" stroke-width="6" opacity=".3"/>`,
  // A tall open bookshelf with books on its shelves.
  shelf: () =>
    `<rect x="90" y="40" width="220" height="316" rx="8" class="b"/><rect x="106" y="56" width="188" height="284" class="o"/><path d="M106 130h188M106 206h188M106 282h188" class="B" stroke-width="12"/><rect x="116" y="76" width="20" height="48" rx="3" class="m"/><rect x="140" y="84" width="16" height="40" rx="3" class="a"/><rect x="160" y="72" width="22" height="52" rx="3" class="d"/><rect x="238" y="96" width="44" height="28" rx="4" class="l"/><rect x="118" y="160" width="52" height="40" rx="6" class="a"/><rect x="206" y="148" width="18" height="52" rx="3" class="m"/><rect x="228" y="154" width="18" height="46" rx="3" class="y"/><rect x="250" y="146" width="20" height="54" rx="3" class="d"/><rect x="120" y="230" width="18" height="46" rx="3" class="d"/><rect x="142" y="236" width="18" height="40" rx="3" class="m"/><path d="M246 276c0-24 12-36 24-36s24 12 24 36z" class="g"/><rect x="116" y="300" width="60" height="34" rx="4" class="m"/>`,
  vase: () =>
    `<path d="M200 150c-10-50-40-82-64-102M200 150c0-50 8-92 30-116M200 150c20-40 52-62 78-72" class="E" stroke-width="6"/><path d="M150 92c20 0 40 20 46 50-24 0-44-24-46-50z" class="g"/><circle cx="136" cy="48" r="20" class="a"/><circle cx="230" cy="34" r="20" class="y"/><circle cx="278" cy="78" r="20" class="a"/><circle cx="136" cy="48" r="7" class="y"/><circle cx="278" cy="78" r="7" class="y"/><path d="M165 146h70v22c40 26 60 72 55 122-5 40-40 62-90 62s-85-22-90-62c-5-50 15-96 55-122z" class="m"/><path d="M220 168c30 24 50 66 45 118-4 34-26 54-55 60 44-2 76-24 80-60 5-50-15-96-55-122z" class="o"/><path d="M120 252h160" class="A" stroke-width="12"/><path d="M128 222h144" class="L" stroke-width="5"/><path d="M140 200c-14 20-18 50-12 80" class="W" stroke-width="10" opacity=".3"/>`,
  'dutch-pot': () =>
    `<path d="M78 192h244l-12 118c-3 24-20 40-44 40H134c-24 0-41-16-44-40z" class="k"/><path d="M64 208H34v32h42M336 208h30v32h-42" class="K" stroke-width="12"/><path d="M82 190c0-40 52-62 118-62s118 22 118 62z" class="k"/><path d="M112 168c20-18 50-26 88-26" class="W" stroke-width="8" opacity=".25"/><rect x="176" y="108" width="48" height="24" rx="10" class="k"/><rect x="62" y="184" width="276" height="18" rx="9" class="d"/><path d="M110 220h20l-6 100h-10z" class="h"/><path d="M150 120c-6-20 8-30 0-50M200 100c-6-20 8-30 0-50M250 120c-6-20 8-30 0-50" class="L" stroke-width="6" opacity=".8"/>`,
  plant: () =>
    `<path d="M200 236C140 222 90 182 78 120c62 10 112 50 122 116z" class="g"/><path d="M200 236c60-14 110-54 122-116-62 10-112 50-122 116z" class="g"/><path d="M200 236c-50-40-72-100-62-166 42 32 62 100 62 166z" class="e"/><path d="M200 236c50-40 72-100 62-166-42 32-62 100-62 166z" class="e"/><path d="M200 236c-30-52-30-134 0-196 30 62 30 144 0 196z" class="g"/><path d="M200 230V70M200 236C160 200 120 170 92 130M200 236c40-36 80-66 108-106" class="E" stroke-width="3"/><path d="M126 246h148l-18 106H144z" class="m"/><path d="M226 246h48l-18 106h-30z" class="o"/><rect x="116" y="232" width="168" height="28" rx="8" class="d"/>`,
  basket: () =>
    `<path d="M108 188c0-96 184-96 184 0" class="B" stroke-width="14"/><path d="M70 190h260l-26 152H96z" class="n"/><path d="M84 236h232M92 286h216M98 326h204" class="B" stroke-width="5" opacity=".6"/><path d="M130 200l8 142M200 200v142M270 200l-8 142" class="B" stroke-width="5" opacity=".6"/><path d="M82 258h236" class="A" stroke-width="14"/><rect x="58" y="176" width="284" height="26" rx="13" class="b"/><path d="M250 202l54 0-24 140h-44z" class="o"/>`,
  lamp: () =>
    `<path d="M132 64h136l44 128H88z" class="m"/><path d="M232 64h36l44 128h-56z" class="o"/><path d="M88 192h224" class="A" stroke-width="10"/><path d="M150 80l-30 96" class="W" stroke-width="10" opacity=".35"/><rect x="190" y="196" width="20" height="124" class="b"/><path d="M128 350c0-20 30-32 72-32s72 12 72 32z" class="b"/><path d="M126 346h148" class="o"/>`,
  'storage-box': () =>
    `<rect x="110" y="62" width="180" height="110" rx="12" class="a"/><rect x="100" y="54" width="200" height="28" rx="10" class="o"/><rect x="166" y="104" width="68" height="16" rx="8" class="o"/><rect x="70" y="188" width="260" height="164" rx="14" class="m"/><rect x="60" y="172" width="280" height="36" rx="12" class="d"/><rect x="164" y="226" width="72" height="20" rx="10" class="o"/><rect x="146" y="270" width="108" height="56" rx="6" class="l"/><path d="M86 220v112" class="W" stroke-width="10" opacity=".3"/>`,

  // Sports
  dumbbell: () =>
    `<rect x="110" y="188" width="180" height="24" rx="6" class="s"/><rect x="62" y="126" width="56" height="148" rx="14" class="m"/><rect x="282" y="126" width="56" height="148" rx="14" class="m"/><rect x="30" y="156" width="36" height="88" rx="10" class="d"/><rect x="334" y="156" width="36" height="88" rx="10" class="d"/><rect x="72" y="140" width="12" height="90" rx="6" class="h"/><rect x="292" y="140" width="12" height="90" rx="6" class="h"/><path d="M140 200h120" class="K" stroke-width="8" stroke-dasharray="4 6" opacity=".35"/>`,
  football: () => {
    const centre = around(200, 200, 44, 5);
    const outer = around(200, 200, 132, 5, -54).map(([x, y]) => polygon(around(x, y, 40, 5, 0)));
    const spokes = around(200, 200, 44, 5)
      .map(([x, y], i) => {
        const [ox, oy] = around(200, 200, 100, 5)[i];
        return `M${x} ${y}L${ox} ${oy}`;
      })
      .join('');
    return `<clipPath id="c"><circle cx="200" cy="200" r="140"/></clipPath><circle cx="200" cy="200" r="140" class="w"/><g clip-path="url(#c)"><path d="${polygon(centre)}${outer.join('')}" class="d"/><path d="${spokes}" class="K" stroke-width="5"/><path d="M200 60a140 140 0 0 1 0 280 120 140 0 0 0 0-280z" class="o"/></g><circle cx="200" cy="200" r="140" class="K" stroke-width="5"/><path d="M110 120a110 110 0 0 1 40-36" class="W" stroke-width="14" opacity=".8"/>`;
  },
  'cricket-bat': () =>
    `<g transform="rotate(-28 200 200)"><rect x="188" y="22" width="24" height="110" rx="10" class="k"/><path d="M190 44h20M190 62h20M190 80h20M190 98h20" class="M" stroke-width="6"/><path d="M174 130h52l-4 222c0 10-8 16-22 16s-22-6-22-16z" class="n"/><path d="M200 130h26l-4 222c0 10-8 16-22 16z" class="o"/><rect x="176" y="170" width="48" height="26" class="m"/></g><circle cx="300" cy="304" r="38" class="r"/><path d="M276 276c18 18 22 42 12 62M302 266c18 20 22 46 10 74" class="W" stroke-width="3" stroke-dasharray="4 5"/>`,
  bicycle: () =>
    `<circle cx="104" cy="262" r="74" class="K" stroke-width="14"/><circle cx="296" cy="262" r="74" class="K" stroke-width="14"/><circle cx="104" cy="262" r="58" class="S" stroke-width="3"/><circle cx="296" cy="262" r="58" class="S" stroke-width="3"/><path d="M104 262l66-104h112l14 104M170 158l44 104H104M214 262l68-104" class="M" stroke-width="14"/><path d="M282 158l-12-40h34M170 158l-10-28" class="K" stroke-width="10"/><path d="M136 124h50" class="K" stroke-width="16"/><circle cx="214" cy="262" r="16" class="d"/>`,
  tent: () =>
    `<path d="M200 60l-10-22M200 60l10-22" class="K" stroke-width="6"/><path d="M200 60l162 284H38z" class="m"/><path d="M200 60l162 284h-74z" class="o"/><path d="M200 136l-54 208h108z" class="d"/><path d="M200 136l-28 208h56z" class="y"/><path d="M116 200l-30 60" class="W" stroke-width="10" opacity=".3"/><path d="M20 346h360" class="G" stroke-width="10"/><path d="M60 346l-20-30M330 346l20-30" class="K" stroke-width="4"/>`,
  'water-bottle': () =>
    `<rect x="168" y="30" width="64" height="34" rx="10" class="k"/><path d="M232 44h30a16 16 0 0 1 0 32h-14" class="K" stroke-width="8"/><path d="M156 64h88l22 40v230a20 20 0 0 1-20 20h-92a20 20 0 0 1-20-20V104z" class="m"/><path d="M218 64h26l22 40v230a20 20 0 0 1-20 20h-28z" class="o"/><rect x="134" y="170" width="132" height="90" class="l"/><path d="M150 200h70M150 224h50" class="A" stroke-width="8"/><path d="M154 112v200" class="W" stroke-width="10" opacity=".35"/>`,

  // Books
  book: () =>
    `<path d="M306 60h16v286h-16z" class="l"/><rect x="98" y="46" width="212" height="304" rx="8" class="m"/><rect x="98" y="46" width="28" height="304" rx="6" class="d"/><rect x="152" y="94" width="122" height="14" rx="7" class="l"/><rect x="168" y="120" width="90" height="10" rx="5" class="l"/><circle cx="213" cy="226" r="48" class="a"/><path d="M213 196c-16 16-16 44 0 60 16-16 16-44 0-60z" class="l"/><path d="M270 350v42l12-10 12 10v-42z" class="r"/>`,
  textbook: () =>
    `<rect x="60" y="268" width="280" height="60" rx="6" class="d"/><rect x="74" y="278" width="252" height="40" class="l"/><path d="M74 290h252M74 304h252" class="D" stroke-width="2" opacity=".3"/><rect x="82" y="204" width="252" height="60" rx="6" class="a"/><rect x="96" y="214" width="224" height="40" class="l"/><rect x="70" y="142" width="258" height="58" rx="6" class="m"/><rect x="84" y="152" width="230" height="38" class="l"/><rect x="70" y="142" width="26" height="58" class="d"/><g transform="rotate(-14 200 100)"><rect x="90" y="88" width="210" height="22" rx="4" class="y"/><path d="M300 88l30 11-30 11z" class="n"/><path d="M318 95l12 4-12 4z" class="k"/><rect x="70" y="88" width="24" height="22" rx="6" class="r"/></g>`,
  'picture-book': () =>
    `<rect x="78" y="60" width="248" height="280" rx="14" class="a"/><rect x="78" y="60" width="24" height="280" class="o"/><rect x="116" y="88" width="186" height="156" rx="10" class="l"/><circle cx="254" cy="130" r="24" class="y"/><path d="M116 214c36-42 84-42 120-4 22-16 44-14 66 4v20a10 10 0 0 1-10 10H126a10 10 0 0 1-10-10z" class="g"/><path d="M160 150l14 8 14-8M196 126l10 6 10-6" class="K" stroke-width="4"/><rect x="130" y="266" width="158" height="16" rx="8" class="w"/><rect x="156" y="294" width="106" height="12" rx="6" class="w"/>`,
  ereader: () =>
    `<rect x="104" y="40" width="192" height="320" rx="20" class="m"/><path d="M260 40h16a20 20 0 0 1 20 20v280a20 20 0 0 1-20 20h-16z" class="o"/><rect x="122" y="62" width="156" height="246" rx="4" class="l"/><path d="M140 96h120M140 122h120M140 148h96M140 174h120M140 200h110M140 226h120M140 252h80" class="D" stroke-width="6" opacity=".55"/><rect x="176" y="324" width="48" height="14" rx="7" class="d"/>`,

  // Health & Beauty
  lotion: () =>
    `<path d="M190 48h66v18h-66z" class="k"/><rect x="190" y="60" width="20" height="48" class="k"/><rect x="166" y="104" width="68" height="40" rx="8" class="d"/><rect x="126" y="136" width="148" height="216" rx="34" class="m"/><path d="M236 138h4a34 34 0 0 1 34 34v146a34 34 0 0 1-34 34h-4z" class="o"/><rect x="150" y="206" width="100" height="80" rx="10" class="l"/><path d="M200 220c-18 14-18 38 0 52 18-14 18-38 0-52z" class="g"/><rect x="142" y="160" width="12" height="170" rx="6" class="h"/>`,
  lipstick: () =>
    `<path d="M172 140V72c0-18 16-32 56-44v112z" class="r"/><path d="M210 32c12-3 18-4 18-4v112h-18z" class="o"/><rect x="164" y="136" width="72" height="64" rx="6" class="y"/><rect x="156" y="196" width="88" height="160" rx="10" class="m"/><rect x="210" y="196" width="34" height="160" rx="10" class="o"/><rect x="170" y="210" width="12" height="130" rx="6" class="h"/><rect x="272" y="260" width="70" height="96" rx="10" class="d"/><rect x="268" y="244" width="78" height="22" rx="6" class="y"/>`,
  perfume: () =>
    `<rect x="178" y="70" width="44" height="36" rx="4" class="y"/><rect x="164" y="30" width="72" height="44" rx="14" class="d"/><path d="M120 110h160l24 30v180a30 30 0 0 1-30 30H126a30 30 0 0 1-30-30V140z" class="m"/><path d="M240 110h40l24 30v180a30 30 0 0 1-30 30h-34z" class="o"/><path d="M120 110l-24 30h208l-24-30z" class="l" opacity=".6"/><rect x="140" y="196" width="120" height="90" rx="10" class="l"/><circle cx="200" cy="241" r="26" class="a"/><path d="M116 160v150" class="W" stroke-width="12" opacity=".35"/>`,
  soap: () =>
    `<rect x="60" y="220" width="280" height="120" rx="40" class="m"/><rect x="60" y="290" width="280" height="50" rx="24" class="o"/><rect x="92" y="170" width="220" height="80" rx="30" class="l"/><path d="M140 200h124" class="M" stroke-width="10" opacity=".5"/><circle cx="120" cy="122" r="28" class="w" opacity=".85"/><circle cx="176" cy="92" r="18" class="w" opacity=".85"/><circle cx="236" cy="124" r="22" class="w" opacity=".85"/><circle cx="286" cy="88" r="12" class="w" opacity=".85"/><path d="M260 232c20-34 58-44 84-36-12 30-48 46-84 36z" class="g"/>`,
  supplement: () =>
    `<rect x="128" y="88" width="144" height="52" rx="12" class="w"/><path d="M140 100v28M160 100v28M180 100v28M200 100v28M220 100v28M240 100v28M260 100v28" class="S" stroke-width="4"/><rect x="116" y="134" width="168" height="218" rx="26" class="m"/><path d="M244 134h14a26 26 0 0 1 26 26v166a26 26 0 0 1-26 26h-14z" class="o"/><rect x="116" y="186" width="168" height="110" class="l"/><path d="M200 204c-26 16-30 48-8 70 26-12 34-48 8-70z" class="g"/><rect x="292" y="316" width="70" height="28" rx="14" class="a"/><rect x="292" y="316" width="35" height="28" rx="14" class="w"/><rect x="44" y="318" width="70" height="28" rx="14" class="y" transform="rotate(-20 79 332)"/>`,

  // Toys
  blocks: () =>
    `<rect x="60" y="232" width="120" height="120" rx="10" class="m"/><rect x="190" y="232" width="120" height="120" rx="10" class="a"/><rect x="124" y="104" width="120" height="120" rx="10" class="y"/><circle cx="120" cy="292" r="30" class="w"/><path d="M250 258l34 58h-68z" class="w"/><path d="${star(184, 164, 40)}" class="w"/><path d="M164 104h80a10 10 0 0 1 10 10v110h-20z" class="o" opacity=".5"/>`,
  'action-figure': () =>
    `<path d="M142 118h116l58 234H84z" class="d"/><path d="M152 118h96l-12 128h-72z" class="m"/><path d="M152 124l-40 76 24 12 32-56M248 124l40 76-24 12-32-56" class="m"/><circle cx="120" cy="208" r="14" class="t"/><circle cx="280" cy="208" r="14" class="t"/><rect x="160" y="236" width="80" height="16" class="y"/><path d="M162 252h36l-6 102h-34zM202 252h36l4 102h-34z" class="m"/><path d="M156 316h42v38h-46zM202 316h42l4 38h-46z" class="k"/><path d="${star(200, 172, 24)}" class="y"/><circle cx="200" cy="80" r="40" class="t"/><path d="M160 78c0-30 18-46 40-46s40 16 40 46c-12-14-26-18-40-18s-28 4-40 18z" class="k"/><rect x="166" y="70" width="68" height="16" rx="6" class="k"/>`,
  doll: () =>
    `<circle cx="148" cy="62" r="30" class="k"/><circle cx="252" cy="62" r="30" class="k"/><circle cx="200" cy="100" r="60" class="t"/><path d="M140 96c0-40 24-62 60-62s60 22 60 62c-20-26-40-32-60-32s-40 6-60 32z" class="k"/><circle cx="180" cy="104" r="7" class="k"/><circle cx="220" cy="104" r="7" class="k"/><path d="M184 128c10 8 22 8 32 0" class="R" stroke-width="5"/><path d="M200 158l90 180H110z" class="m"/><path d="M200 158l90 180h-50z" class="o"/><path d="M156 212l-48 44M244 212l48 44" class="T" stroke-width="20"/><path d="M164 182h72" class="L" stroke-width="14"/><circle cx="168" cy="266" r="8" class="l"/><circle cx="214" cy="296" r="8" class="l"/><circle cx="240" cy="244" r="8" class="l"/><path d="M172 338v20M228 338v20" class="T" stroke-width="18"/><path d="M160 360h28M216 360h28" class="A" stroke-width="14"/>`,
  'board-game': () =>
    `<rect x="50" y="60" width="300" height="260" rx="14" class="w"/><rect x="62" y="72" width="110" height="100" rx="8" class="r"/><rect x="228" y="72" width="110" height="100" rx="8" class="g"/><rect x="62" y="208" width="110" height="100" rx="8" class="y"/><rect x="228" y="208" width="110" height="100" rx="8" class="m"/><circle cx="117" cy="122" r="28" class="w"/><circle cx="283" cy="122" r="28" class="w"/><circle cx="117" cy="258" r="28" class="w"/><circle cx="283" cy="258" r="28" class="w"/><path d="M172 172h56v36h-56z" class="k" opacity=".12"/><path d="M200 172l-28 18 28 18 28-18z" class="a"/><rect x="246" y="296" width="70" height="70" rx="14" class="w"/><rect x="246" y="296" width="70" height="70" rx="14" class="K" stroke-width="3" opacity=".25"/><circle cx="264" cy="314" r="7" class="k"/><circle cx="281" cy="331" r="7" class="k"/><circle cx="298" cy="348" r="7" class="k"/><path d="M96 340a16 16 0 1 1 24 0l8 20H88z" class="a"/>`,
  kite: () =>
    `<path d="M200 30l110 136-110 190L90 166z" class="m"/><path d="M200 30l110 136H200z" class="h"/><path d="M200 166H90l110 190z" class="o"/><path d="M200 30v326M90 166h220" class="D" stroke-width="5"/><path d="M200 356c-30 16 30 26 0 44" class="K" stroke-width="3"/><path d="M186 372l14 8-14 8zM214 372l-14 8 14 8z" class="a"/><path d="M310 166c20 30 30 80 60 100" class="K" stroke-width="2" opacity=".5"/>`,

  // Automotive
  'car-part': () =>
    `<circle cx="200" cy="200" r="140" class="s"/><circle cx="200" cy="200" r="140" class="K" stroke-width="4" opacity=".2"/>${around(
      200,
      200,
      112,
      12,
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" class="o"/>`)
      .join('')}<circle cx="200" cy="200" r="66" class="d"/><circle cx="200" cy="200" r="26" class="k"/>${around(
      200,
      200,
      44,
      5,
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" class="s"/>`)
      .join(
        '',
      )}<path d="M288 82a140 140 0 0 1 44 90l-44 8a96 96 0 0 0-28-60z" class="a"/><path d="M120 120a110 110 0 0 1 50-34" class="W" stroke-width="12" opacity=".6"/>`,
  wrench: () =>
    `<g transform="rotate(-45 200 200)"><path d="M124 186h180v28H124z" class="K" stroke-width="12"/><path d="M116 200A52 52 0 0 1 14 217H60V183H14A52 52 0 0 1 116 200z" class="K" stroke-width="12"/><circle cx="332" cy="200" r="46" class="K" stroke-width="12"/><path d="M112 186h200v28H112z" class="s"/><path d="M116 200A52 52 0 0 1 14 217H60V183H14A52 52 0 0 1 116 200z" class="s"/><path d="M286 200a46 46 0 1 0 92 0a46 46 0 1 0-92 0zM310 200a22 22 0 1 0 44 0a22 22 0 1 0-44 0z" fill-rule="evenodd" class="s"/><path d="M130 194h160" class="W" stroke-width="6"/><path d="M120 208h170" class="O" stroke-width="6"/></g>`,
  tools: () =>
    `<g transform="rotate(45 200 200)"><rect x="52" y="180" width="150" height="40" rx="16" class="m"/><rect x="52" y="180" width="150" height="14" rx="7" class="h"/><path d="M80 180v40M104 180v40" class="O" stroke-width="5"/><rect x="198" y="192" width="130" height="16" class="s"/><path d="M328 192l26 8-26 8z" class="s"/><path d="M198 208h130" class="O" stroke-width="4"/></g><g transform="rotate(-45 200 200)"><rect x="50" y="186" width="250" height="28" rx="12" class="b"/><path d="M60 194h230" class="W" stroke-width="5" opacity=".3"/><path d="M80 186v28M104 186v28" class="K" stroke-width="6"/><path d="M286 138h52v124h-52z" class="k"/><path d="M338 150h30l10 14-10 14h-30zM286 226c-30 0-50 20-54 44 24-6 40-14 54-20z" class="k"/><path d="M294 146v108" class="W" stroke-width="6" opacity=".35"/></g>`,
  'car-wax': () =>
    `<path d="M262 92h60l10 26h-70zM262 102l-26 8v10l26-4z" class="k"/><rect x="276" y="118" width="38" height="34" class="w"/><rect x="252" y="150" width="88" height="198" rx="18" class="a"/><rect x="252" y="210" width="88" height="80" class="l"/><path d="M264 168v160" class="W" stroke-width="10" opacity=".35"/><rect x="48" y="220" width="200" height="120" rx="12" class="m"/><rect x="48" y="254" width="200" height="46" class="l"/><ellipse cx="148" cy="220" rx="100" ry="28" class="d"/><ellipse cx="148" cy="218" rx="82" ry="19" class="y"/><path d="M92 320h24" class="W" stroke-width="8" opacity=".4"/><path d="${star(92, 130, 24)}${star(150, 90, 16)}" class="y"/>`,
  'car-stereo': () =>
    `<rect x="44" y="120" width="312" height="164" rx="18" class="k"/><rect x="44" y="120" width="312" height="30" rx="15" class="d" opacity=".6"/><rect x="108" y="142" width="184" height="118" rx="8" class="m"/><path d="M130 240v-40M154 240v-70M178 240v-30M202 240v-60M226 240v-46M250 240v-24M274 240v-52" class="A" stroke-width="12"/><circle cx="76" cy="204" r="20" class="s"/><circle cx="324" cy="204" r="20" class="s"/><circle cx="76" cy="204" r="8" class="d"/><rect x="310" y="246" width="28" height="14" rx="4" class="a"/><path d="M108 142h70l-70 80z" class="h"/>`,
  'steering-wheel': () =>
    `<path d="M60 200a140 140 0 1 0 280 0a140 140 0 1 0-280 0zM92 200a108 108 0 1 0 216 0a108 108 0 1 0-216 0z" fill-rule="evenodd" class="k"/><path d="M92 204h64l22 30h44l22-30h64M200 234v74" class="K" stroke-width="26"/><circle cx="200" cy="210" r="40" class="m"/><circle cx="200" cy="210" r="16" class="s"/><path d="M84 132a140 140 0 0 1 58-58" class="A" stroke-width="16"/><path d="M258 74a140 140 0 0 1 58 58" class="A" stroke-width="16"/>`,

  // Jewellery
  necklace: () =>
    `<path d="M86 60c0 150 54 214 114 214S314 210 314 60" class="Y" stroke-width="8" stroke-dasharray="2 12"/><path d="M86 60c0 150 54 214 114 214S314 210 314 60" class="Y" stroke-width="3"/><rect x="192" y="266" width="16" height="20" rx="4" class="y"/><path d="M200 284l46 40-46 54-46-54z" class="m"/><path d="M154 324h92l-46 54z" class="d"/><path d="M200 284l-18 40h36z" class="l" opacity=".7"/><path d="M200 284l-46 40h28z" class="h"/>`,
  ring: () =>
    `<ellipse cx="200" cy="250" rx="112" ry="104" class="Y" stroke-width="26"/><path d="M112 310a112 104 0 0 0 176 0" class="O" stroke-width="26"/><path d="M120 208a90 90 0 0 1 40-56" class="W" stroke-width="8" opacity=".6"/><path d="M176 150l-14-40h76l-14 40z" class="y"/><path d="M152 100l20-36h56l20 36-48 56z" class="m"/><path d="M152 100h96l-48 56z" class="d"/><path d="M172 64l-20 36h36z" class="h"/>`,
  bracelet: () =>
    `${around(200, 200, 132, 20)
      .map(
        ([x, y], i) =>
          `<circle cx="${x}" cy="${round(200 + (y - 200) * 0.72)}" r="22" class="${['r', 'y', 'g', 'm'][i % 4]}"/>`,
      )
      .join('')}${around(200, 200, 132, 20)
      .map(([x, y]) => `<circle cx="${round(x - 7)}" cy="${round(200 + (y - 200) * 0.72 - 7)}" r="6" class="h"/>`)
      .join('')}`,
  earrings: () =>
    `<path d="M120 50c-20 0-26 30 0 40v24M280 50c-20 0-26 30 0 40v24" class="Y" stroke-width="7"/><circle cx="120" cy="124" r="12" class="y"/><circle cx="280" cy="124" r="12" class="y"/><path d="M120 136l48 86-48 116-48-116z" class="m"/><path d="M280 136l48 86-48 116-48-116z" class="m"/><path d="M72 222h96l-48 116zM232 222h96l-48 116z" class="d"/><path d="M120 136l-48 86h30zM280 136l-48 86h30z" class="h"/><circle cx="120" cy="222" r="10" class="l"/><circle cx="280" cy="222" r="10" class="l"/>`,
  watch: () =>
    `<path d="M156 30h88l-8 90h-72zM164 280h72l8 90h-88z" class="m"/><path d="M160 60h80M160 90h80M160 310h80M160 340h80" class="D" stroke-width="3" opacity=".5"/><circle cx="200" cy="200" r="96" class="y"/><circle cx="200" cy="200" r="80" class="k"/><circle cx="200" cy="200" r="72" class="l"/>${around(
      200,
      200,
      60,
      12,
    )
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 ? 3 : 5}" class="d"/>`)
      .join(
        '',
      )}<path d="M200 200v-46M200 200l32 18" class="K" stroke-width="8"/><circle cx="200" cy="200" r="8" class="a"/><rect x="292" y="186" width="18" height="28" rx="4" class="y"/>`,

  // Other
  painting: () =>
    `<rect x="52" y="60" width="296" height="280" rx="6" class="y"/><rect x="52" y="60" width="296" height="280" rx="6" class="B" stroke-width="8"/><rect x="74" y="82" width="252" height="236" class="l"/><circle cx="260" cy="140" r="28" class="a"/><path d="M74 230c40-50 80-80 120-60s60-10 132-60v208H74z" class="g"/><path d="M74 260c60-30 120-20 252-10v68H74z" class="m"/><path d="M74 290c80-20 160 0 252-4v32H74z" class="d"/><path d="M116 226c4-30-6-56-20-70M116 226c0-20 16-40 30-50M116 226c-4-24-24-36-40-38" class="E" stroke-width="5"/>`,
  sculpture: () =>
    `<path d="M164 206h72l6 48h-84z" class="b"/><path d="M96 300c6-34 44-52 104-52s98 18 104 52z" class="b"/><ellipse cx="200" cy="128" rx="64" ry="92" class="b"/><path d="M214 38c38 14 52 56 50 94-2 48-28 86-64 88 30-20 40-56 38-96-2-34-10-62-24-86z" class="o"/><path d="M248 250c30 8 50 24 56 50h-40z" class="o"/><path d="M158 108c10-8 22-8 32 0M210 108c10-8 22-8 32 0M200 116v44l-12 6M180 184c12 8 28 8 40 0" class="B" stroke-width="6" opacity=".8"/><path d="M160 124c8 4 16 4 24 0M216 124c8 4 16 4 24 0" class="K" stroke-width="5" opacity=".6"/><path d="M156 60c-16 30-18 70-8 110" class="W" stroke-width="8" opacity=".3"/><path d="M112 170c-6-40 0-90 30-120" class="B" stroke-width="3" opacity=".5"/><rect x="82" y="300" width="236" height="22" rx="6" class="k"/><rect x="100" y="322" width="200" height="34" class="d"/>`,
  coins: () =>
    `<ellipse cx="140" cy="330" rx="90" ry="24" class="d"/><rect x="50" y="250" width="180" height="80" class="y"/><path d="M50 270h180M50 290h180M50 310h180" class="O" stroke-width="4"/><ellipse cx="140" cy="250" rx="90" ry="24" class="y"/><ellipse cx="140" cy="250" rx="70" ry="16" class="O" stroke-width="4"/><circle cx="262" cy="190" r="96" class="y"/><circle cx="262" cy="190" r="96" class="O" stroke-width="8"/><circle cx="262" cy="190" r="74" class="O" stroke-width="4"/><path d="${star(262, 190, 44)}" class="o"/><path d="M196 150a76 76 0 0 1 36-36" class="W" stroke-width="10" opacity=".6"/>`,
  vinyl: () =>
    `<rect x="36" y="70" width="250" height="250" rx="6" class="m"/><path d="M36 260h250v54a6 6 0 0 1-6 6H42a6 6 0 0 1-6-6z" class="y"/><path d="M36 200h250v60H36z" class="g"/><circle cx="120" cy="140" r="34" class="l" opacity=".8"/><circle cx="250" cy="196" r="128" class="k"/><circle cx="250" cy="196" r="106" class="W" stroke-width="2" opacity=".15"/><circle cx="250" cy="196" r="86" class="W" stroke-width="2" opacity=".15"/><circle cx="250" cy="196" r="66" class="W" stroke-width="2" opacity=".15"/><circle cx="250" cy="196" r="42" class="a"/><circle cx="250" cy="196" r="7" class="l"/><path d="M170 120a110 110 0 0 1 50-40" class="W" stroke-width="10" opacity=".25"/>`,
  teapot: () =>
    `<path d="M96 196c-40-10-62 20-72 50l22 8c10-24 24-36 52-32z" class="m"/><path d="M300 190c44-14 70 14 68 56-2 34-30 56-66 66l-6-22c26-10 46-24 46-46 0-24-16-36-40-30z" class="m"/><path d="M80 220c0-70 54-110 120-110s120 40 120 110c0 60-40 116-120 116S80 280 80 220z" class="m"/><path d="M250 130c40 20 70 60 70 90 0 60-40 116-120 116 60-20 90-60 90-110 0-40-20-70-40-96z" class="o"/><path d="M120 238h160" class="W" stroke-width="10"/><path d="M120 254h160" class="D" stroke-width="6"/><path d="M130 124c20-24 46-34 70-34s50 10 70 34z" class="d"/><circle cx="200" cy="82" r="16" class="d"/><path d="M120 170c6-18 18-32 32-40" class="W" stroke-width="10" opacity=".5"/><path d="M120 336h160" class="K" stroke-width="8" opacity=".2"/>`,
  drum: () =>
    `<path d="M80 130v180c0 26 54 44 120 44s120-18 120-44V130z" class="m"/><path d="M260 146c40 0 60 0 60-16v180c0 20-40 36-60 40z" class="o"/><path d="M80 170l40 150M120 166l40 176M160 168l40 184M200 168l40 184M240 166l40 176M280 162l40 148M120 166L80 310M160 168l-40 156M200 168l-40 178M240 166l-40 186M280 162l-40 186M320 150l-40 174" class="L" stroke-width="3" opacity=".6"/><path d="M80 170c0 24 54 40 120 40s120-16 120-40" class="Y" stroke-width="12"/><path d="M80 300c0 24 54 40 120 40s120-16 120-40" class="Y" stroke-width="12"/><ellipse cx="200" cy="130" rx="120" ry="40" class="n"/><ellipse cx="200" cy="130" rx="120" ry="40" class="B" stroke-width="10"/>`,
  'coffee-bag': () =>
    `<path d="M110 70h180l14 270a12 12 0 0 1-12 12H108a12 12 0 0 1-12-12z" class="n"/><path d="M250 70h40l14 270a12 12 0 0 1-12 12h-30z" class="o"/><path d="M104 70h192v26H104z" class="b"/><path d="M104 96h192" class="K" stroke-width="3" stroke-dasharray="6 6" opacity=".4"/><rect x="126" y="146" width="148" height="150" rx="10" class="m"/><path d="M126 246l40-44 30 28 34-46 44 56v46a10 10 0 0 1-10 10H136a10 10 0 0 1-10-10z" class="d"/><path d="M206 190q9-9 18 0q9-9 18 0" class="W" stroke-width="6"/><circle cx="236" cy="172" r="12" class="y"/><ellipse cx="300" cy="346" rx="20" ry="14" class="b"/><ellipse cx="338" cy="338" rx="20" ry="14" class="b"/><path d="M288 346c8-6 16-6 24 0M326 338c8-6 16-6 24 0" class="K" stroke-width="3"/>`,
  'sauce-bottle': () =>
    `<rect x="176" y="28" width="48" height="30" rx="6" class="k"/><path d="M180 58h40v54c38 22 48 58 48 98v126a18 18 0 0 1-18 18H150a18 18 0 0 1-18-18V210c0-40 10-76 48-98z" class="r"/><path d="M220 58v54c38 22 48 58 48 98v126a18 18 0 0 1-18 18h-24c18-40 20-180-6-296z" class="o"/><rect x="132" y="202" width="136" height="104" rx="6" class="l"/><path d="M200 226c-30 10-40 40-22 62 14 12 34 12 46 0 16-22 8-52-24-62z" class="m"/><path d="M200 226c2-10 10-16 18-16" class="E" stroke-width="8"/><path d="M150 140c-6 20-8 44-6 60" class="W" stroke-width="10" opacity=".35"/>`,
  'spice-jar': () =>
    `<rect x="122" y="72" width="156" height="56" rx="12" class="r"/><path d="M134 86v28M154 86v28M174 86v28M194 86v28M214 86v28M234 86v28M254 86v28" class="O" stroke-width="4"/><path d="M118 128h164a16 16 0 0 1 16 16v190a20 20 0 0 1-20 20H122a20 20 0 0 1-20-20V144a16 16 0 0 1 16-16z" class="d"/><path d="M250 128h32a16 16 0 0 1 16 16v190a20 20 0 0 1-20 20h-28z" class="o"/><rect x="102" y="188" width="196" height="104" class="y"/><path d="M150 240c20-40 60-40 100 0-40 40-80 40-100 0z" class="g"/><path d="M130 200v140" class="W" stroke-width="10" opacity=".25"/>`,
  'gift-box': () =>
    `<rect x="70" y="170" width="260" height="182" rx="10" class="m"/><rect x="56" y="132" width="288" height="52" rx="10" class="d"/><path d="M272 184h58v158a10 10 0 0 1-10 10h-48z" class="o"/><rect x="180" y="132" width="40" height="220" class="y"/><path d="M200 132c-30-60-110-70-96-20 8 26 60 20 96 20zM200 132c30-60 110-70 96-20-8 26-60 20-96 20z" class="y"/><path d="M200 132c-20-30-60-50-70-30M200 132c20-30 60-50 70-30" class="O" stroke-width="5"/>`,
};

// The drawings kept in files of their own, one per group of goods.
Object.assign(
  MOTIFS,
  ELECTRONICS_MOTIFS,
  CLOTHING_MOTIFS,
  HOME_MOTIFS,
  SPORTS_MOTIFS,
  BEAUTY_MOTIFS,
  TOY_MOTIFS,
  AUTO_MOTIFS,
  OTHER_MOTIFS,
);

// Other spellings the catalogue uses.
MOTIFS.pot = MOTIFS['dutch-pot'];
MOTIFS.speaker = MOTIFS['smart-speaker'];

export const MOTIF_NAMES = Object.keys(MOTIFS);
