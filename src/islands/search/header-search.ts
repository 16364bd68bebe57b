/**
 * The header search box's live suggestions (spec §2, §9): an ARIA combobox over the suggestion
 * index (src/lib/search/suggest.ts).
 * Plain DOM, no framework: it is loaded (with the search code) only when the shopper focuses or
 * types in the box, so pages stay light. Header.astro keeps the plain form working without it.
 *
 * Typing waits 300 ms of quiet, then shows "Searching...", up to 5 products (image, name,
 * price), "No products found", and "See all results" (/search?q=). Arrows move through the
 * options, Enter opens the active one (or submits the form), Escape closes the panel.
 */
import { primaryImage, responsiveSources } from '../../lib/images';
import { formatDollars } from '../../lib/money';
import { SUGGEST_DEBOUNCE_MS } from '../../lib/search/static-search';
import { suggestProducts } from '../../lib/search/suggest';
import type { SuggestCard } from '../../lib/search/suggest-index';

export const SEARCH_TEXTS = {
  searching: 'Searching...',
  none: 'No products found',
  seeAll: 'See all results',
  failed: 'Search is not available right now. Press Enter to search the whole shop.',
} as const;

const searchHref = (q: string) => `/search?${new URLSearchParams({ q: q.trim() })}`;

export function enhanceSearchBox(form: HTMLFormElement, input: HTMLInputElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';

  const listId = 'site-search-listbox';
  const panel = document.createElement('div');
  // Under the box on wider screens; across the whole width below the header on phones, where
  // the box itself is narrow.
  panel.className =
    'fixed inset-x-2 top-[70px] z-50 overflow-hidden rounded-xl border border-line bg-white shadow-[var(--shadow-raised)] md:absolute md:inset-x-0 md:top-full md:mt-2';
  panel.hidden = true;
  panel.dataset.searchPanel = '';
  const status = document.createElement('p');
  status.className = 'px-4 py-3 text-sm text-muted';
  // Screen readers hear the state from a live region that is never hidden (a region inside the
  // panel would be announced unreliably as the panel appears).
  const live = document.createElement('p');
  live.className = 'sr-only';
  live.setAttribute('role', 'status');
  form.append(live);
  const list = document.createElement('ul');
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggested products');
  list.className = 'max-h-[min(28rem,70dvh)] overflow-y-auto py-1';
  panel.append(status, list);
  form.append(panel);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);

  let options: HTMLLIElement[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open && options.length > 0));
    if (!open) setActive(-1);
  };

  const setActive = (index: number) => {
    active = index;
    options.forEach((o, i) => {
      o.setAttribute('aria-selected', String(i === index));
      if (i === index) o.scrollIntoView({ block: 'nearest' });
    });
    if (index >= 0) input.setAttribute('aria-activedescendant', options[index].id);
    else input.removeAttribute('aria-activedescendant');
  };

  const optionClass =
    'flex min-h-12 cursor-pointer items-center gap-3 px-4 py-2 text-sm aria-selected:bg-brand-50 hover:bg-surface';

  /** `state` and `query` on the panel let tests and the benchmark see which answer is shown. */
  const render = (
    query: string,
    hits: SuggestCard[] | null,
    message: string,
    state: 'searching' | 'done' | 'error',
  ) => {
    panel.dataset.state = state;
    panel.dataset.query = query;
    status.textContent = message;
    status.hidden = !message;
    list.replaceChildren();
    options = [];
    for (const hit of hits ?? []) {
      const li = document.createElement('li');
      li.id = `site-search-option-${options.length}`;
      li.setAttribute('role', 'option');
      li.dataset.href = `/product/${encodeURIComponent(hit.id)}`;
      // For tests that check which products are suggested (the labelled queries).
      li.dataset.category = hit.category;
      li.dataset.store = hit.store.id;
      li.className = optionClass;
      const image = document.createElement('img');
      const src = responsiveSources(primaryImage([hit.image]), [96]);
      image.src = src.webp ? `${src.webp.split(' ')[0]}` : src.src;
      image.alt = '';
      image.width = 40;
      image.height = 40;
      image.className = 'h-10 w-10 shrink-0 rounded-md bg-surface object-cover';
      image.dataset.fallback = '';
      const name = document.createElement('span');
      name.className = 'line-clamp-2 min-w-0 flex-1 font-medium text-ink';
      name.textContent = hit.name;
      const price = document.createElement('span');
      price.className = 'shrink-0 font-semibold text-ink';
      price.textContent = formatDollars(hit.price);
      li.append(image, name, price);
      options.push(li);
    }
    if (hits && hits.length > 0) {
      const all = document.createElement('li');
      all.id = `site-search-option-${options.length}`;
      all.setAttribute('role', 'option');
      all.dataset.href = searchHref(query);
      all.className = `${optionClass} justify-center border-t border-line font-semibold text-brand-700`;
      all.textContent = SEARCH_TEXTS.seeAll;
      options.push(all);
    }
    list.append(...options);
    list.hidden = options.length === 0;
    const found = hits?.length ?? 0;
    live.textContent = found
      ? `${found} product${found === 1 ? '' : 's'} suggested. Use the arrow keys to choose.`
      : message;
    setActive(-1);
    setOpen(true);
  };

  const run = async (query: string) => {
    const id = ++sequence;
    try {
      const { hits } = await suggestProducts(query);
      if (id !== sequence) return;
      render(query, hits, hits.length ? '' : SEARCH_TEXTS.none, 'done');
    } catch {
      if (id !== sequence) return;
      render(query, null, SEARCH_TEXTS.failed, 'error');
    }
  };

  const onInput = () => {
    clearTimeout(timer);
    const query = input.value;
    if (!query.trim()) {
      // Spec §5: a blank query shows nothing and asks nothing.
      sequence++;
      options = [];
      list.replaceChildren();
      live.textContent = '';
      setOpen(false);
      return;
    }
    render(query, null, SEARCH_TEXTS.searching, 'searching');
    timer = setTimeout(() => void run(query), SUGGEST_DEBOUNCE_MS);
  };

  const open = (option: HTMLLIElement) => {
    const href = option.dataset.href;
    if (href) location.assign(href);
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (panel.hidden) {
        if (input.value.trim()) onInput();
        return;
      }
      if (!options.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 && step < 0 ? options.length - 1 : (active + step + options.length) % options.length);
    } else if (e.key === 'Enter' && active >= 0 && !panel.hidden) {
      e.preventDefault();
      open(options[active]);
    } else if (e.key === 'Escape' && !panel.hidden) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  });
  list.addEventListener('mousedown', (e) => e.preventDefault()); // keep focus in the box
  list.addEventListener('click', (e) => {
    const option = (e.target as Element).closest<HTMLLIElement>('[role="option"]');
    if (option) open(option);
  });
  input.addEventListener('focus', () => {
    if (input.value.trim() && (options.length || status.textContent)) setOpen(true);
  });
  document.addEventListener('pointerdown', (e) => {
    if (!form.contains(e.target as Node)) setOpen(false);
  });
  form.addEventListener('focusout', (e) => {
    if (!form.contains(e.relatedTarget as Node | null)) setOpen(false);
  });

  if (input.value.trim()) onInput();
}
