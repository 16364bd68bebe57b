/**
 * The header's behaviour (src/components/layout/Header.astro): translucent after 10 px of
 * scrolling, the current page's links, the phone menu, a blank search ignored, and live
 * suggestions loaded when the shopper reaches for the search box. Part of the page's one script
 * (src/scripts/site.ts).
 */
const header = document.getElementById('site-header');
const onScroll = () => header?.toggleAttribute('data-scrolled', window.scrollY > 10);
window.addEventListener('scroll', onScroll, { passive: true });
onScroll();

// The current page's links (header and menu).
const here = location.pathname.replace(/\/$/, '') || '/';
for (const a of document.querySelectorAll<HTMLAnchorElement>('#site-header [data-nav-link]')) {
  const path = new URL(a.href).pathname.replace(/\/$/, '') || '/';
  if (path === here || (path === '/profile' && here.startsWith('/profile/'))) a.setAttribute('aria-current', 'page');
}

// Mobile menu: a disclosure; closes on Escape, on the backdrop, on navigation, and when the
// window grows past the phone layout.
const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
const menu = document.getElementById('mobile-menu');
const setOpen = (open: boolean) => {
  if (!button || !menu) return;
  menu.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  button.querySelector('.sr-only')!.textContent = open ? 'Close menu' : 'Menu';
};
button?.addEventListener('click', () => setOpen(menu?.hidden ?? false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && menu && !menu.hidden) {
    setOpen(false);
    button?.focus();
  }
});
menu?.addEventListener('click', (e) => {
  const target = e.target as HTMLElement;
  if (target.closest('a') || target.hasAttribute('data-menu-backdrop')) setOpen(false);
});
window.addEventListener('pageshow', () => setOpen(false));
window.addEventListener('popstate', () => setOpen(false));
matchMedia('(min-width: 768px)').addEventListener('change', (e) => e.matches && setOpen(false));

// A blank search is ignored (spec §5): no navigation to /search?q=.
const searchForm = document.querySelector<HTMLFormElement>('[data-search-form]');
const searchInput = searchForm?.elements.namedItem('q') as HTMLInputElement | null;
searchForm?.addEventListener('submit', (e) => {
  if (!searchInput?.value.trim()) {
    e.preventDefault();
    searchInput?.focus();
  }
});
// Live suggestions load only when the shopper reaches for the box (the search code and its
// index stay off pages that are only looked at).
const enhanceSearch = () =>
  void import('../../islands/search/header-search').then(
    (m) => searchForm && searchInput && m.enhanceSearchBox(searchForm, searchInput),
  );
for (const type of ['focus', 'input']) searchInput?.addEventListener(type, enhanceSearch, { once: true });
if (searchInput && document.activeElement === searchInput) enhanceSearch();
