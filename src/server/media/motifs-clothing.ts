import type { Draw } from './motif-shapes';

/** Garments, shoes and hats the shirt, dress, tee, sneaker and cap drawings do not cover. */
const SOLE =
  'M130 58c-34 0-52 34-52 86 0 40 14 70 14 110 0 50 10 96 38 96s40-44 40-96c0-46 12-72 12-112 0-52-18-84-52-84z';
/** A pair seen from above: the left foot, and the same mirrored about the middle. */
const pair = (foot: string) => `${foot}<g transform="matrix(-1 0 0 1 400 0)">${foot}</g>`;

export const CLOTHING_MOTIFS: Record<string, Draw> = {
  shorts: () =>
    `<path d="M100 112h200l26 200H212l-12-124-12 124H74z" class="m"/><path d="M262 112h38l26 200h-52z" class="o"/><rect x="96" y="84" width="208" height="32" rx="8" class="d"/><path d="M186 96l-8 40M214 96l8 40" class="W" stroke-width="4"/><path d="M200 116v64M120 120q34 10 40 56M280 120q-34 10-40 56" class="D" stroke-width="4"/><path d="M80 290h106M214 290h106" class="L" stroke-width="5" opacity=".7"/><path d="M116 140l-18 140" class="W" stroke-width="10" opacity=".25"/>`,
  trousers: () =>
    `<path d="M122 66h156l30 292h-84l-24-230-24 230H92z" class="m"/><path d="M250 66h28l30 292h-44z" class="o"/><rect x="118" y="40" width="164" height="28" rx="6" class="d"/><path d="M140 40v28M180 40v28M220 40v28M260 40v28" class="O" stroke-width="6"/><circle cx="200" cy="54" r="6" class="l"/><path d="M200 68v60M136 72q26 8 30 44M264 72q-26 8-30 44" class="D" stroke-width="4"/><path d="M152 140l-14 210M248 140l14 210" class="D" stroke-width="3" opacity=".5"/><path d="M136 90l-26 250" class="W" stroke-width="10" opacity=".25"/>`,
  jacket: () =>
    `<path d="M132 56L82 82 52 322h44l26-190zM268 56l50 26 30 240h-44l-26-190z" class="d"/><path d="M132 56h136l14 24v270H118V80z" class="m"/><path d="M244 56h24l14 24v270h-38z" class="o"/><path d="M170 56h60l-30 112z" class="w"/><path d="M200 70l-9 10 9 76 9-76z" class="a"/><path d="M170 56l-20 24 16 16-12 10 46 64zM230 56l20 24-16 16 12 10-46 64z" class="d"/><path d="M200 170v180" class="D" stroke-width="3"/><circle cx="200" cy="204" r="6" class="k"/><circle cx="200" cy="244" r="6" class="k"/><path d="M138 262h44M218 262h44M228 132h32" class="D" stroke-width="6"/><path d="M64 300h30M306 300h30" class="K" stroke-width="4" opacity=".3"/>`,
  skirt: () =>
    `<path d="M140 94h120l72 240q-132 30-264 0z" class="m"/><path d="M234 94h26l72 240q-30 7-52 10z" class="o"/><path d="M170 96l-26 244M230 96l26 244M200 96v252" class="A" stroke-width="9" opacity=".8"/><path d="M117 170h166M92 256h216" class="D" stroke-width="7" opacity=".5"/><path d="M68 334q132 30 264 0" class="D" stroke-width="5"/><rect x="134" y="68" width="132" height="28" rx="8" class="d"/><circle cx="246" cy="82" r="6" class="l"/><path d="M148 110l-52 210" class="W" stroke-width="10" opacity=".25"/>`,
  swimsuit: () =>
    `<path d="M140 50h16q44 90 88 0h16l6 100q-18 50-6 100-46 16-46 82h-28q0-66-46-82 12-50-6-100z" class="m"/><path d="M244 50h16l6 100q-18 50-6 100-46 16-46 82h-10q6-70 40-92-12-50 4-100z" class="o"/><path d="M142 186q58 24 116 0l-2 34q-56 24-112 0z" class="a"/><path d="M148 74l2 70" class="W" stroke-width="8" opacity=".3"/><path d="M140 50h16M244 50h16M186 332h28" class="D" stroke-width="6"/>`,
  blouse: () =>
    `<path d="M66 138q-22 40-4 76 30 10 50-6l4-64zM334 138q22 40 4 76-30 10-50-6l-4-64z" class="m"/><path d="M114 122h172l18 160q-104 20-208 0z" class="m"/><path d="M260 122h26l18 160q-22 4-40 6z" class="o"/><path d="M54 98h292v50q-18 18-36 0-18 18-36 0-18 18-36 0-18 18-36 0-18 18-36 0-18 18-36 0-18 18-36 0-18 18-36 0z" class="l"/><path d="M90 104v40M126 104v40M162 104v40M198 104v40M234 104v40M270 104v40M306 104v40" class="D" stroke-width="3" opacity=".35"/><path d="M54 98h292" class="D" stroke-width="8"/><path d="M100 272q100 20 200 0" class="L" stroke-width="6" opacity=".7"/><path d="M130 170l-14 90" class="W" stroke-width="10" opacity=".25"/>`,
  onesie: () =>
    `<path d="M150 60L80 92l18 52 32-12v118q0 42 30 62v38h80v-38q30-20 30-62V132l32 12 18-52-70-32q-50 30-100 0z" class="m"/><path d="M104 142l26-10v28l-22 8z" class="o"/><path d="M150 60q50 30 100 0" class="L" stroke-width="9"/><rect x="172" y="148" width="56" height="36" rx="3" class="g"/><path d="M172 148l56 36M228 148l-56 36" class="Y" stroke-width="7"/><path d="M160 312h80" class="L" stroke-width="6"/><circle cx="180" cy="334" r="5" class="w"/><circle cx="200" cy="334" r="5" class="w"/><circle cx="220" cy="334" r="5" class="w"/>`,
  sandals: () =>
    pair(
      `<path d="${SOLE}" class="b"/><path d="M130 72c-26 0-40 28-40 72 0 40 14 70 14 110 0 42 8 80 26 80s28-38 28-80c0-46 12-72 12-112 0-44-14-70-40-70z" class="n"/><path d="M84 134q46-30 94 0l-3 30q-44-26-88 0z" class="m"/><path d="M96 240q34-16 70 0v22q-36-16-70 0z" class="m"/><rect x="150" y="236" width="12" height="22" rx="3" class="y"/>`,
    ),
  slides: () =>
    pair(
      `<path d="${SOLE}" class="k"/><path d="M130 70c-24 0-40 26-40 70 0 40 14 70 14 110 0 42 8 82 26 82s28-40 28-82c0-46 12-72 12-112 0-42-16-68-40-68z" class="d"/><path d="M80 120q50-34 102 0l-2 76q-50-30-98 0z" class="m"/><path d="M96 150q34-18 70 0" class="W" stroke-width="8"/>`,
    ),
  boot: () =>
    `<path d="M112 86h96l40 116q86 14 110 72 8 22 0 44H64q-8-66 10-118 18-50 38-114z" class="m"/><path d="M112 86h96l4 30H104z" class="d"/><path d="M234 184q-34 60 2 134" class="D" stroke-width="4" stroke-dasharray="8 8"/><circle cx="204" cy="124" r="6" class="k"/><circle cx="214" cy="152" r="6" class="k"/><circle cx="225" cy="180" r="6" class="k"/><path d="M204 124l18-4M214 152l18-4M225 180l18-4" class="K" stroke-width="4"/><path d="M60 318h298q6 30-20 32H78q-20 0-18-32z" class="n"/><path d="M96 290q-12-90 24-180" class="W" stroke-width="10" opacity=".3"/>`,
  wedge: () =>
    `<path d="M80 224h44q80 42 150 76h64q12 0 12 14v16H80z" class="n"/><path d="M84 250h44M84 270h88M84 290h140M84 312h250" class="B" stroke-width="3" opacity=".5"/><path d="M226 300q22-70 90-62 30 4 34 62z" class="m"/><path d="M80 226q2-60 44-70l14 52q-20 6-28 18z" class="m"/><path d="M124 170q70-10 120 80" class="M" stroke-width="12"/><path d="M262 262q20-12 48-10" class="W" stroke-width="6" opacity=".4"/><circle cx="126" cy="172" r="8" class="y"/>`,
  'sun-hat': () =>
    `<ellipse cx="200" cy="254" rx="176" ry="54" class="n"/><ellipse cx="200" cy="254" rx="150" ry="40" class="B" stroke-width="2" opacity=".3"/><ellipse cx="200" cy="254" rx="124" ry="30" class="B" stroke-width="2" opacity=".3"/><path d="M118 250q0-134 82-134t82 134q-82 22-164 0z" class="n"/><path d="M226 120q56 20 56 130-30 8-60 10 22-70 4-140z" class="o"/><path d="M120 214q80 22 160 0l2 28q-82 22-164 0z" class="m"/><path d="M150 176q50-8 100 0M140 150q60-8 120 0" class="B" stroke-width="2" opacity=".35"/><path d="M144 200q-2-40 20-64" class="W" stroke-width="8" opacity=".4"/>`,
  tam: () =>
    `<clipPath id="t"><path d="M48 210c0-94 70-150 152-150s152 56 152 136c0 46-58 66-152 66S48 256 48 210z"/></clipPath><g clip-path="url(#t)"><rect x="40" y="50" width="320" height="230" class="g"/><path d="M40 50h320v150q-160 40-320 0z" class="y"/><path d="M40 50h320v96q-160 40-320 0z" class="r"/><path d="M260 60q100 60 70 200h60V60z" class="o"/></g><rect x="126" y="246" width="148" height="48" rx="14" class="k"/><path d="M144 252v36M162 252v36M180 252v36M198 252v36M216 252v36M234 252v36M252 252v36" class="W" stroke-width="3" opacity=".15"/><path d="M96 140q30-50 80-62" class="W" stroke-width="10" opacity=".35"/>`,
  tracksuit: () =>
    `<path d="M134 206h132l14 150h-60l-20-114-20 114h-60z" class="d"/><path d="M140 216l-12 136M260 216l12 136" class="W" stroke-width="5"/><path d="M150 44L84 72 52 216l38 8 30-110v114h160V114l30 110 38-8-32-144-66-28q-50 20-100 0z" class="m"/><path d="M150 44q50 20 100 0l-8 22q-42 16-84 0z" class="d"/><path d="M200 58v170" class="S" stroke-width="5"/><path d="M88 80l-30 138M100 84l-30 138M312 80l30 138M300 84l30 138" class="W" stroke-width="5"/><path d="M120 212h160" class="D" stroke-width="10"/>`,
  vest: () =>
    `<path d="M146 40h24q30 52 60 0h24q-2 64 36 96v210H110V136q38-32 36-96z" class="m"/><path d="M254 40q-2 64 36 96v210h-40V120q14-40 4-80z" class="o"/><path d="M170 40q30 52 60 0" class="L" stroke-width="7"/><path d="M146 40q-2 64-36 96M254 40q2 64 36 96" class="L" stroke-width="6"/><rect x="156" y="196" width="88" height="66" rx="6" class="w"/><path d="M178 212v34M198 212h18v16h-18v18h18" class="K" stroke-width="6"/><path d="M126 150v180" class="A" stroke-width="10"/>`,
};
