import { useEffect, useState } from 'react';

/**
 * False during Astro's server render and the hydrating render, true right after. Islands whose
 * content comes from browser storage (cart, favourites, consent) draw their placeholder until
 * then, so the hydrated HTML always matches the server's.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
