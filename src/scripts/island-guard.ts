/**
 * Holds the shopper's first taps on an island until React has taken its HTML over, then replays
 * them, so every control acts on the first tap whatever the island's hydration strategy.
 *
 * Waiting for Astro's hydration is not enough: Astro hands the HTML to React's `hydrateRoot`
 * inside a transition and drops the island's `ssr` attribute at once, while React claims the
 * nodes a little later. A checkbox clicked in between toggles natively, React then records that
 * toggled state as the box's current value, sees no change, fires no onChange and puts the box
 * back (the lost first click on a category page's "In stock only", issue 12 item 35). So a tap is
 * held until React has committed the island's hydration; a press of a form's submit button or
 * Enter in its field is held the same way (else the browser would submit the form itself, with
 * the password in the address).
 *
 * Typing cannot be held, and need not be: React keeps what a field shows when it hydrates, but its
 * state still holds what was built, so the form would check and send empty fields while the shopper
 * sees them filled (an operator's bank-transfer form on a slow machine, CI of 2026-11-28). A field
 * changed before hydration is told to React after it, as the change it was (`announceEdits`).
 */
import type { ClientDirective } from 'astro';

type Load = Parameters<ClientDirective>[0];

/** React marks each node it has hydrated with an own `__reactProps$…` property. */
function claimed(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Resolves once React has committed its hydration of the island, or after `ms` (then the tap is
 * replayed anyway). React claims nodes bottom-up while it renders, possibly over several frames,
 * and commits in the task in which it completes the island's outermost elements: so once those
 * are claimed, the next task sees the island live. A tap replayed on a claimed control before the
 * commit is lost just the same (seen with a 2 s hydration on this machine).
 */
function whenHydrated(island: HTMLElement, ms = 15_000): Promise<void> {
  const until = performance.now() + ms;
  const outer = () => [...island.children].filter((child) => !/^(ASTRO-SLOT|TEMPLATE)$/.test(child.tagName));
  return new Promise((resolve) => {
    const check = () => {
      const top = outer();
      if ((top.length > 0 && top.every(claimed)) || performance.now() > until) setTimeout(resolve, 0);
      else requestAnimationFrame(check);
    };
    check();
  });
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (node: EventTarget | null): node is Field =>
  node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;

/** Lets React's work for one change (its state, its render) finish before the next is told. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Tells React of each field changed before it hydrated, one at a time, as the change event it
 * listens for. React compares a text field's value with the one it last saw, which it took from
 * the field at hydration (the typed text): so the field is first set through React's own setter
 * to what was built, then to what was typed through the element's native setter, behind React's
 * record. A select and a file field are told by their change event alone. A tick (a box) is not
 * here: its click was held and is replayed.
 */
async function announceEdits(edits: Map<Field, string>): Promise<void> {
  for (const [field, value] of edits) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && field.type === 'file') {
      // The chosen files are still on the field (a script may not set them): React reads them on change.
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      if (value === field.defaultValue) continue;
      const prototype =
        field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
      if (!setNative) continue;
      field.value = field.defaultValue;
      setNative.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await nextTask();
  }
}

/**
 * Guards the island's taps and returns the function that hydrates it (once, however often it is
 * called), for the directive to call when its strategy says so.
 */
export function guardedHydration(el: HTMLElement, load: Load): () => Promise<void> {
  let live = false;
  let ready: Promise<void> | undefined;
  // What each field held when last changed before hydration (typing, a paste, a select's choice).
  const edits = new Map<Field, string>();
  const hydrated = () => {
    ready ??= load()
      .then((hydrate) => hydrate())
      .then(() => whenHydrated(el))
      .then(() => announceEdits(edits))
      .then(() => {
        live = true;
      });
    return ready;
  };
  const remember = (event: Event) => {
    const field = event.target;
    if (live || !isField(field)) return;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
    edits.set(field, field.value);
  };
  el.addEventListener('input', remember, { capture: true });
  el.addEventListener('change', remember, { capture: true });
  el.addEventListener(
    'click',
    (event) => {
      const target = event.target as HTMLElement | null;
      // A select opens natively and its choice comes later, once the island is ready; links work without it.
      const control = target?.closest<HTMLElement>('button, input, label');
      if (!control || target?.closest('a[href]') || live) return;
      event.preventDefault();
      event.stopPropagation();
      void hydrated().then(() => control.isConnected && control.click());
    },
    { capture: true },
  );
  el.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (live) return;
      event.preventDefault();
      event.stopPropagation();
      void hydrated().then(() => form.isConnected && form.requestSubmit());
    },
    { capture: true },
  );
  return hydrated;
}
