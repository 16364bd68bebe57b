import type { ClientDirective } from 'astro';
import { guardedHydration } from './island-guard';

/**
 * `client:eager`: Astro's `client:load` (hydrate as soon as the code is there) for islands whose
 * built HTML has controls, plus the hold-and-replay of taps that land before React is ready
 * (island-guard.ts), so a tap on a slow phone is not lost or turned into a native form submit.
 */
const eager: ClientDirective = (load, _options, el) => {
  void guardedHydration(el, load)();
};

export default eager;
