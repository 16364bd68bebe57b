/**
 * Flat illustrations for generated product art, drawn on a 400×400 box centred in the image.
 * `m` is the main colour, `a` the accent, `l` a light tone. Kept tiny: a few shapes each.
 */
type Draw = (m: string, a: string, l: string) => string;

export const MOTIFS: Record<string, Draw> = {
  phone: (m, a, l) =>
    `<rect x="130" y="40" width="140" height="320" rx="24" fill="${m}"/><rect x="142" y="70" width="116" height="250" rx="6" fill="${l}"/><circle cx="200" cy="340" r="9" fill="${a}"/>`,
  laptop: (m, a, l) =>
    `<rect x="80" y="90" width="240" height="160" rx="10" fill="${m}"/><rect x="94" y="104" width="212" height="132" fill="${l}"/><path d="M50 262h300l-20 28H70z" fill="${a}"/>`,
  tablet: (m, a, l) =>
    `<rect x="90" y="60" width="220" height="290" rx="20" fill="${m}"/><rect x="104" y="80" width="192" height="250" rx="6" fill="${l}"/><circle cx="200" cy="340" r="5" fill="${a}"/>`,
  headphones: (m, a) =>
    `<path d="M90 230v-40a110 110 0 0 1 220 0v40" fill="none" stroke="${m}" stroke-width="22"/><rect x="66" y="210" width="60" height="110" rx="22" fill="${a}"/><rect x="274" y="210" width="60" height="110" rx="22" fill="${a}"/>`,
  gamepad: (m, a, l) =>
    `<path d="M110 150h180a70 70 0 0 1 60 100l-20 50a30 30 0 0 1-50 5l-30-35H150l-30 35a30 30 0 0 1-50-5l-20-50a70 70 0 0 1 60-100z" fill="${m}"/><path d="M120 210h50M145 185v50" stroke="${l}" stroke-width="14"/><circle cx="260" cy="195" r="12" fill="${a}"/><circle cx="290" cy="225" r="12" fill="${a}"/>`,
  camera: (m, a, l) =>
    `<rect x="60" y="120" width="280" height="190" rx="22" fill="${m}"/><rect x="140" y="90" width="90" height="40" rx="8" fill="${m}"/><circle cx="200" cy="215" r="62" fill="${l}"/><circle cx="200" cy="215" r="38" fill="${a}"/>`,
  speaker: (m, a, l) =>
    `<rect x="120" y="70" width="160" height="270" rx="70" fill="${m}"/><circle cx="200" cy="250" r="50" fill="${l}"/><circle cx="200" cy="250" r="22" fill="${a}"/><circle cx="200" cy="130" r="18" fill="${l}"/>`,
  shirt: (m, a) =>
    `<path d="M140 60l-80 40 30 70 35-15v190h150V155l35 15 30-70-80-40c-10 30-100 30-120 0z" fill="${m}"/><path d="M160 60c10 25 70 25 80 0" fill="none" stroke="${a}" stroke-width="10"/>`,
  dress: (m, a) =>
    `<path d="M165 50h70l-5 70 30 40 50 190H90l50-190 30-40z" fill="${m}"/><rect x="150" y="150" width="100" height="18" fill="${a}"/>`,
  tee: (m, a) =>
    `<path d="M150 80l-70 35 25 55 30-12v150h130V158l30 12 25-55-70-35c-10 25-90 25-100 0z" fill="${m}"/><circle cx="200" cy="200" r="30" fill="${a}"/>`,
  sneaker: (m, a, l) =>
    `<path d="M60 250c0-40 30-70 60-80l60-40 40 50c40 10 100 20 120 50v30H60z" fill="${m}"/><rect x="56" y="268" width="290" height="26" rx="10" fill="${l}"/><path d="M170 160l30 30M190 145l30 30" stroke="${a}" stroke-width="9"/>`,
  cap: (m, a) =>
    `<path d="M90 240a110 110 0 0 1 220 0z" fill="${m}"/><path d="M290 236h80a10 10 0 0 1 0 20H280z" fill="${a}"/><circle cx="200" cy="128" r="10" fill="${a}"/>`,
  bag: (m, a) =>
    `<rect x="80" y="150" width="240" height="190" rx="20" fill="${m}"/><path d="M140 150v-30a60 60 0 0 1 120 0v30" fill="none" stroke="${a}" stroke-width="16"/>`,
  chair: (m, a) =>
    `<rect x="120" y="60" width="160" height="150" rx="20" fill="${m}"/><rect x="100" y="200" width="200" height="40" rx="10" fill="${a}"/><path d="M115 240l-10 110M285 240l10 110" stroke="${m}" stroke-width="16"/>`,
  vase: (m, a) =>
    `<path d="M170 60h60v40c50 30 70 80 60 140-10 60-50 100-90 100s-80-40-90-100c-10-60 10-110 60-140z" fill="${m}"/><path d="M125 220h150" stroke="${a}" stroke-width="14"/>`,
  pot: (m, a) =>
    `<path d="M80 170h240l-20 140a30 30 0 0 1-30 26H130a30 30 0 0 1-30-26z" fill="${m}"/><rect x="60" y="150" width="280" height="30" rx="12" fill="${a}"/><path d="M60 200H30M340 200h30" stroke="${m}" stroke-width="14"/>`,
  plant: (m, a) =>
    `<path d="M200 250C150 200 120 150 140 80c40 30 60 90 60 170zM200 250c50-50 80-100 60-170-40 30-60 90-60 170z" fill="${m}"/><path d="M140 250h120l-15 100h-90z" fill="${a}"/>`,
  basket: (m, a) =>
    `<path d="M70 180h260l-30 160H100z" fill="${m}"/><path d="M120 180a80 80 0 0 1 160 0" fill="none" stroke="${a}" stroke-width="14"/><path d="M90 230h220M100 280h200" stroke="${a}" stroke-width="8"/>`,
  dumbbell: (m, a) =>
    `<rect x="120" y="190" width="160" height="20" fill="${a}"/><rect x="70" y="140" width="50" height="120" rx="10" fill="${m}"/><rect x="280" y="140" width="50" height="120" rx="10" fill="${m}"/><rect x="40" y="165" width="30" height="70" rx="8" fill="${m}"/><rect x="330" y="165" width="30" height="70" rx="8" fill="${m}"/>`,
  football: (m, a, l) =>
    `<circle cx="200" cy="200" r="140" fill="${l}" stroke="${m}" stroke-width="10"/><path d="M200 150l45 33-17 53h-56l-17-53z" fill="${m}"/><path d="M200 150V70M245 183l70-25M228 236l45 60M172 236l-45 60M155 183l-70-25" stroke="${a}" stroke-width="8"/>`,
  bicycle: (m, a) =>
    `<circle cx="110" cy="260" r="70" fill="none" stroke="${m}" stroke-width="14"/><circle cx="290" cy="260" r="70" fill="none" stroke="${m}" stroke-width="14"/><path d="M110 260l60-110h90l30 110M170 150l50 110h-110M250 120h40" fill="none" stroke="${a}" stroke-width="12"/>`,
  tent: (m, a) =>
    `<path d="M200 70l150 270H50z" fill="${m}"/><path d="M200 70l50 270h-100z" fill="${a}"/><path d="M30 340h340" stroke="${m}" stroke-width="10"/>`,
  book: (m, a, l) =>
    `<rect x="110" y="60" width="190" height="280" rx="10" fill="${m}"/><rect x="100" y="60" width="24" height="280" rx="6" fill="${a}"/><rect x="150" y="110" width="110" height="16" rx="4" fill="${l}"/><rect x="150" y="140" width="80" height="12" rx="4" fill="${l}"/>`,
  books: (m, a, l) =>
    `<rect x="70" y="110" width="60" height="230" rx="6" fill="${m}"/><rect x="135" y="80" width="70" height="260" rx="6" fill="${a}"/><rect x="212" y="130" width="50" height="210" rx="6" fill="${m}"/><path d="M270 140l40-10 45 205-40 10z" fill="${a}"/><rect x="150" y="120" width="40" height="10" fill="${l}"/>`,
  ereader: (m, a, l) =>
    `<rect x="110" y="50" width="180" height="300" rx="18" fill="${m}"/><rect x="125" y="70" width="150" height="230" fill="${l}"/><path d="M140 100h120M140 125h120M140 150h90M140 175h120" stroke="${a}" stroke-width="7"/>`,
  lotion: (m, a, l) =>
    `<rect x="130" y="130" width="140" height="220" rx="30" fill="${m}"/><rect x="170" y="80" width="60" height="55" rx="6" fill="${a}"/><rect x="190" y="50" width="20" height="35" fill="${a}"/><rect x="155" y="200" width="90" height="70" rx="8" fill="${l}"/>`,
  lipstick: (m, a) =>
    `<rect x="160" y="200" width="80" height="150" rx="8" fill="${m}"/><rect x="170" y="150" width="60" height="55" fill="${a}"/><path d="M172 150v-60l56-30v90z" fill="${a}"/>`,
  perfume: (m, a, l) =>
    `<rect x="100" y="150" width="200" height="200" rx="40" fill="${m}"/><rect x="170" y="100" width="60" height="55" rx="6" fill="${a}"/><circle cx="200" cy="250" r="45" fill="${l}"/>`,
  soap: (m, a, l) =>
    `<rect x="70" y="170" width="260" height="140" rx="40" fill="${m}"/><circle cx="140" cy="130" r="26" fill="${l}"/><circle cx="190" cy="100" r="16" fill="${l}"/><circle cx="240" cy="130" r="20" fill="${l}"/><path d="M130 240h140" stroke="${a}" stroke-width="10"/>`,
  blocks: (m, a, l) =>
    `<rect x="70" y="230" width="110" height="110" rx="8" fill="${m}"/><rect x="190" y="230" width="110" height="110" rx="8" fill="${a}"/><rect x="130" y="110" width="110" height="110" rx="8" fill="${l}" stroke="${m}" stroke-width="8"/>`,
  figure: (m, a) =>
    `<circle cx="200" cy="90" r="45" fill="${a}"/><path d="M140 150h120l20 110h-40l-10 90h-60l-10-90h-40z" fill="${m}"/><path d="M140 160l-50 60M260 160l50 60" stroke="${m}" stroke-width="22"/>`,
  doll: (m, a, l) =>
    `<circle cx="200" cy="100" r="55" fill="${l}" stroke="${a}" stroke-width="16"/><path d="M200 155l90 190H110z" fill="${m}"/><circle cx="182" cy="96" r="6" fill="${a}"/><circle cx="218" cy="96" r="6" fill="${a}"/>`,
  dice: (m, a, l) =>
    `<rect x="70" y="120" width="160" height="160" rx="24" fill="${m}"/><rect x="200" y="170" width="130" height="130" rx="20" fill="${a}"/><circle cx="115" cy="165" r="13" fill="${l}"/><circle cx="185" cy="235" r="13" fill="${l}"/><circle cx="265" cy="235" r="11" fill="${l}"/>`,
  carpart: (m, a, l) =>
    `<circle cx="200" cy="200" r="130" fill="${m}"/><circle cx="200" cy="200" r="70" fill="${l}"/><circle cx="200" cy="200" r="28" fill="${a}"/><path d="M200 70v40M200 290v40M70 200h40M290 200h40" stroke="${l}" stroke-width="14"/>`,
  wrench: (m, a) =>
    `<path d="M110 330l150-150a60 60 0 1 0-40-40L70 290z" fill="${m}"/><circle cx="280" cy="120" r="22" fill="${a}"/>`,
  bottle: (m, a, l) =>
    `<path d="M170 50h60v60c30 20 40 40 40 70v150a20 20 0 0 1-20 20H150a20 20 0 0 1-20-20V180c0-30 10-50 40-70z" fill="${m}"/><rect x="140" y="200" width="120" height="90" rx="8" fill="${l}"/><rect x="165" y="40" width="70" height="25" rx="6" fill="${a}"/>`,
  necklace: (m, a) =>
    `<path d="M90 80c0 150 60 200 110 200s110-50 110-200" fill="none" stroke="${m}" stroke-width="10"/><path d="M200 280l30 40-30 40-30-40z" fill="${a}"/>`,
  ring: (m, a) =>
    `<circle cx="200" cy="230" r="100" fill="none" stroke="${m}" stroke-width="26"/><path d="M200 90l40 40-40 40-40-40z" fill="${a}"/>`,
  bracelet: (m, a) =>
    `<ellipse cx="200" cy="200" rx="140" ry="100" fill="none" stroke="${m}" stroke-width="30"/><circle cx="90" cy="160" r="18" fill="${a}"/><circle cx="310" cy="160" r="18" fill="${a}"/><circle cx="200" cy="300" r="18" fill="${a}"/>`,
  earrings: (m, a) =>
    `<path d="M130 60v80M270 60v80" stroke="${m}" stroke-width="10"/><path d="M130 140l50 90-50 90-50-90zM270 140l50 90-50 90-50-90z" fill="${a}" stroke="${m}" stroke-width="8"/>`,
  watch: (m, a, l) =>
    `<rect x="160" y="40" width="80" height="320" rx="20" fill="${m}"/><circle cx="200" cy="200" r="90" fill="${a}"/><circle cx="200" cy="200" r="70" fill="${l}"/><path d="M200 200v-45M200 200l30 20" stroke="${m}" stroke-width="10"/>`,
  painting: (m, a, l) =>
    `<rect x="60" y="70" width="280" height="260" rx="6" fill="${m}"/><rect x="80" y="90" width="240" height="220" fill="${l}"/><path d="M80 280l70-80 60 60 40-40 70 70v20H80z" fill="${a}"/><circle cx="270" cy="140" r="22" fill="${a}"/>`,
  sculpture: (m, a) =>
    `<path d="M200 50c50 0 70 50 60 100-10 40-40 60-30 110h-60c10-50-20-70-30-110-10-50 10-100 60-100z" fill="${m}"/><rect x="130" y="260" width="140" height="80" rx="8" fill="${a}"/>`,
  coin: (m, a, l) =>
    `<circle cx="170" cy="200" r="110" fill="${m}"/><circle cx="170" cy="200" r="85" fill="none" stroke="${l}" stroke-width="8"/><circle cx="270" cy="240" r="80" fill="${a}"/>`,
  craft: (m, a) =>
    `<path d="M60 300c80-20 100-150 140-150s60 130 140 150z" fill="${m}"/><path d="M90 300l110-200 110 200" fill="none" stroke="${a}" stroke-width="12"/><circle cx="200" cy="100" r="20" fill="${a}"/>`,
  coffee: (m, a, l) =>
    `<path d="M110 90h180l20 260H90z" fill="${m}"/><rect x="110" y="60" width="180" height="40" rx="6" fill="${a}"/><circle cx="200" cy="220" r="50" fill="${l}"/><ellipse cx="200" cy="220" rx="16" ry="26" fill="${m}"/>`,
  sauce: (m, a, l) =>
    `<path d="M175 40h50v70c35 25 45 60 45 100v130a20 20 0 0 1-20 20H150a20 20 0 0 1-20-20V210c0-40 10-75 45-100z" fill="${a}"/><rect x="140" y="220" width="120" height="80" rx="8" fill="${l}"/><path d="M200 235c-25 15-25 45 0 55 25-10 25-40 0-55z" fill="${m}"/>`,
  vinyl: (m, a, l) =>
    `<circle cx="200" cy="200" r="150" fill="${m}"/><circle cx="200" cy="200" r="110" fill="none" stroke="${l}" stroke-width="3" opacity=".4"/><circle cx="200" cy="200" r="50" fill="${a}"/><circle cx="200" cy="200" r="8" fill="${l}"/>`,
  lamp: (m, a) =>
    `<path d="M130 70h140l40 120H90z" fill="${a}"/><rect x="190" y="190" width="20" height="130" fill="${m}"/><rect x="130" y="320" width="140" height="24" rx="8" fill="${m}"/>`,
  box: (m, a, l) =>
    `<path d="M200 60l140 60v160l-140 60-140-60V120z" fill="${m}"/><path d="M60 120l140 60 140-60M200 180v160" fill="none" stroke="${l}" stroke-width="8"/><path d="M130 90l140 60" stroke="${a}" stroke-width="14"/>`,
};

export const MOTIF_NAMES = Object.keys(MOTIFS);
