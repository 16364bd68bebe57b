import { type Draw, repeat } from './motif-shapes';

/** Car parts, accessories and tools beyond the brake disc, wrench, tools, wax, stereo and wheel. */
const plug = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-12" y="0" width="24" height="30" rx="6" class="s"/><path d="M-24 30h48l6 110h-60z" class="w"/><path d="M-24 30h48l6 110h-60z" class="K" stroke-width="3" opacity=".2"/><path d="M-24 56h50M-25 80h52M-26 104h54" class="K" stroke-width="3" opacity=".15"/><rect x="-40" y="140" width="80" height="46" rx="4" class="s"/><path d="M-14 140v46M14 140v46" class="O" stroke-width="4"/><rect x="-34" y="186" width="68" height="8" class="k"/><rect x="-24" y="194" width="48" height="88" class="s"/><path d="M-24 204l48 10M-24 222l48 10M-24 240l48 10M-24 258l48 10" class="O" stroke-width="4"/><path d="M0 282v18h16" class="S" stroke-width="6"/></g>`;

export const AUTO_MOTIFS: Record<string, Draw> = {
  'oil-filter': () =>
    `<path d="M118 90v236a82 22 0 0 0 164 0V90z" class="m"/><path d="M250 92h32v234q0 14-32 20z" class="o"/>${repeat(
      12,
      (i) => `<path d="M${128 + i * 13} 260v${78 - Math.abs(i - 5.5) * 2}" class="D" stroke-width="5"/>`,
    )}<rect x="136" y="146" width="128" height="84" rx="8" class="w"/><path d="M156 170h88M156 190h60M156 210h74" class="K" stroke-width="6" opacity=".5"/><ellipse cx="200" cy="90" rx="82" ry="22" class="s"/><ellipse cx="200" cy="90" rx="34" ry="9" class="k"/><path d="M136 120v200" class="W" stroke-width="10" opacity=".3"/>`,
  'spark-plug': () => `${plug(280, 60, 0.85)}${plug(160, 40, 1.05)}`,
  radiator: () =>
    `<rect x="58" y="106" width="284" height="196" class="s"/>${repeat(
      22,
      (i) => `<path d="M${70 + i * 12.4} 110v188" class="K" stroke-width="3" opacity=".35"/>`,
    )}<rect x="48" y="76" width="304" height="38" rx="8" class="k"/><rect x="48" y="294" width="304" height="38" rx="8" class="k"/><rect x="186" y="50" width="28" height="28" rx="6" class="s"/><path d="M352 96h26v60M352 312h26" class="M" stroke-width="18"/><path d="M74 332v20M326 332v20" class="K" stroke-width="12"/><path d="M60 90h140" class="W" stroke-width="5" opacity=".3"/>`,
  // A folding windscreen sun shade, pleated, with a cut-out for the mirror.
  'sun-shade': () =>
    `<path d="M52 318q-18-170 40-236h76q12 30 32 30t32-30h76q58 66 40 236z" class="s"/>${repeat(
      11,
      (i) =>
        `<path d="M${66 + i * 26} ${i === 0 || i === 10 ? 140 : 90}V310" class="${i % 2 ? 'W' : 'O'}" stroke-width="10" opacity=".5"/>`,
    )}<circle cx="200" cy="212" r="44" class="y"/><path d="M200 146v18M200 260v18M134 212h18M248 212h18M154 166l12 12M234 246l12 12M246 166l-12 12M166 246l-12 12" class="Y" stroke-width="8"/><path d="M52 318q-18-170 40-236h76q12 30 32 30t32-30h76q58 66 40 236z" class="M" stroke-width="12"/>`,
  // A set of car floor mats: two shaped front mats above two rear ones.
  'floor-mat': () =>
    `<path d="M60 60h112l16 24v140q0 24-24 24H78q-18 0-18-20z" class="k"/><path d="M340 60H228l-16 24v140q0 24 24 24h86q18 0 18-20z" class="k"/><path d="M78 88h90M78 112h90M78 136h90M78 160h90M232 88h90M232 112h90M232 136h90M232 160h90" class="S" stroke-width="4" opacity=".35"/><rect x="82" y="184" width="70" height="44" rx="8" class="d"/><rect x="248" y="184" width="70" height="44" rx="8" class="d"/><rect x="60" y="266" width="128" height="80" rx="16" class="k"/><rect x="212" y="266" width="128" height="80" rx="16" class="k"/><path d="M80 290h88M80 314h88M232 290h88M232 314h88" class="S" stroke-width="4" opacity=".35"/>`,
  // A car seat in a striped seat cover.
  'car-seat': () =>
    `<path d="M180 110v-24M220 110v-24" class="S" stroke-width="8"/><rect x="142" y="34" width="116" height="62" rx="26" class="k"/><path d="M116 116q0-16 20-16h128q20 0 20 16l-10 164H126z" class="k"/><rect x="162" y="104" width="26" height="176" class="r"/><rect x="188" y="104" width="26" height="176" class="y"/><rect x="214" y="104" width="26" height="176" class="g"/><path d="M86 284q0-14 20-14h188q20 0 20 14l8 48q0 16-16 16H94q-16 0-16-16z" class="k"/><path d="M162 270h78v78h-78z" class="d"/><path d="M162 270h26v78h-26z" class="r"/><path d="M188 270h26v78h-26z" class="y"/><path d="M214 270h26v78h-26z" class="g"/><path d="M132 130v130" class="W" stroke-width="8" opacity=".2"/>`,
  // A trolley floor jack: chassis on wheels, lift arm and saddle, long handle.
  'floor-jack': () =>
    `<path d="M118 270L34 96" class="K" stroke-width="12"/><rect x="20" y="74" width="30" height="40" rx="8" class="k" transform="rotate(-26 35 94)"/><path d="M130 260L300 196" class="D" stroke-width="30"/><rect x="284" y="176" width="58" height="16" rx="4" class="k"/><path d="M60 300V262q0-20 20-20h200l60 38v20z" class="m"/><path d="M250 242h30l60 38v20h-90z" class="o"/><rect x="96" y="220" width="60" height="44" rx="10" class="s"/><circle cx="96" cy="318" r="24" class="k"/><circle cx="300" cy="322" r="20" class="k"/><circle cx="96" cy="318" r="9" class="s"/><circle cx="300" cy="322" r="8" class="s"/><path d="M80 256h160" class="W" stroke-width="6" opacity=".35"/>`,
  // A ratchet and a row of sockets.
  'socket-set': () =>
    `<path d="M130 130l220-30" class="K" stroke-width="22"/><path d="M240 115l110-15" class="D" stroke-width="26"/><circle cx="104" cy="134" r="50" class="s"/><circle cx="104" cy="134" r="22" class="k"/><path d="M130 96l24-16" class="K" stroke-width="10"/><path d="M80 110a36 36 0 0 1 24-12" class="W" stroke-width="8" opacity=".6"/>${[
      [100, 40],
      [172, 48],
      [254, 58],
    ]
      .map(
        ([x, w]) =>
          `<rect x="${x - w / 2}" y="${330 - w * 2}" width="${w}" height="${w * 2}" class="s"/><ellipse cx="${x}" cy="330" rx="${w / 2}" ry="8" class="s"/><ellipse cx="${x}" cy="${330 - w * 2}" rx="${w / 2}" ry="8" class="d"/><path d="M${x - w / 2 + 8} ${338 - w * 2}v${w * 2 - 16}" class="W" stroke-width="6" opacity=".5"/><path d="M${x - w / 2} ${330 - w}h${w}" class="O" stroke-width="4"/>`,
      )
      .join(
        '',
      )}<rect x="300" y="220" width="70" height="110" rx="10" class="s"/><ellipse cx="335" cy="220" rx="35" ry="9" class="d"/><path d="M310 232v88" class="W" stroke-width="6" opacity=".5"/>`,
  // A digital tyre pressure gauge beside a tyre's valve.
  gauge: () =>
    `<path d="M30 360a170 170 0 0 1 150-168" class="K" stroke-width="40"/><path d="M30 360a170 170 0 0 1 150-168" class="S" stroke-width="6" stroke-dasharray="10 14" opacity=".5"/><path d="M150 214l26-26" class="K" stroke-width="10"/><g transform="rotate(30 250 200)"><rect x="230" y="40" width="40" height="60" rx="8" class="s"/><rect x="236" y="28" width="28" height="20" rx="4" class="k"/><rect x="186" y="96" width="128" height="244" rx="40" class="m"/><rect x="204" y="124" width="92" height="62" rx="6" class="l"/><path d="M218 138h20v16h-20M238 154v16h-20M252 138h20v16h-20v16h20" class="K" stroke-width="5"/><circle cx="250" cy="216" r="16" class="k"/><rect x="186" y="250" width="128" height="90" rx="30" class="d"/><path d="M200 110v140" class="W" stroke-width="8" opacity=".3"/></g>`,
  // A jump starter: a power pack with two battery clamps on their cables.
  'jump-starter': () =>
    `<path d="M150 270C140 320 110 320 90 300M250 270c10 50 40 54 64 34" class="R" stroke-width="10"/><path d="M250 270c10 50 40 54 64 34" class="K" stroke-width="10"/><path d="M50 296l40-34 14 10-36 40zM58 310l44-22 8 14-44 24z" class="r"/><path d="M350 296l-40-34-14 10 36 40zM342 310l-44-22-8 14 44 24z" class="k"/><rect x="100" y="90" width="200" height="180" rx="28" class="m"/><path d="M250 92q50 0 50 36v106q0 36-50 36z" class="o"/><rect x="120" y="112" width="160" height="58" rx="10" class="k"/><path d="M208 120l-20 24h16l-10 22 26-30h-16l10-16z" class="y"/><path d="M136 200h0M162 200h0M188 200h0M214 200h0" class="A" stroke-width="12"/><rect x="130" y="228" width="34" height="16" rx="4" class="k"/><rect x="176" y="228" width="34" height="16" rx="4" class="k"/><path d="M114 110v140" class="W" stroke-width="8" opacity=".3"/>`,
  subwoofer: () =>
    `<path d="M80 86h250l40 30v238H80z" class="d"/><rect x="60" y="96" width="270" height="262" rx="14" class="k"/><circle cx="195" cy="227" r="108" class="s"/><circle cx="195" cy="227" r="96" class="k"/><circle cx="195" cy="227" r="68" class="d"/><circle cx="195" cy="227" r="34" class="k"/><path d="M150 186a60 60 0 0 1 36-20" class="W" stroke-width="8" opacity=".4"/><path d="M80 116h0M310 116h0M80 338h0M310 338h0" class="S" stroke-width="12"/><rect x="140" y="44" width="150" height="48" rx="8" class="m"/><path d="M156 52v32M170 52v32M184 52v32M198 52v32M212 52v32M226 52v32" class="D" stroke-width="6"/><circle cx="264" cy="68" r="10" class="a"/>`,
  // A Bluetooth FM transmitter for the lighter socket, showing its frequency.
  'fm-transmitter': () =>
    `<path d="M276 84q40 28 40 76M296 56q64 44 64 110" class="A" stroke-width="10"/><g transform="rotate(-30 200 200)"><rect x="168" y="210" width="64" height="120" rx="12" class="k"/><rect x="190" y="326" width="20" height="18" rx="6" class="s"/><path d="M168 250h-10M168 280h-10M232 250h10M232 280h10" class="S" stroke-width="6"/><rect x="176" y="186" width="48" height="30" class="d"/><ellipse cx="200" cy="132" rx="96" ry="72" class="m"/><rect x="140" y="100" width="120" height="52" rx="8" class="k"/><path d="M154 112v28M166 112h14v28h-14zM192 112h14v14h-14v14h14M218 140h0M228 112v28" class="A" stroke-width="5"/><rect x="152" y="172" width="30" height="10" rx="3" class="k"/><rect x="218" y="172" width="30" height="10" rx="3" class="k"/></g>`,
};
