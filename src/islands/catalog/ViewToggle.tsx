export type View = 'grid' | 'list';

/** Grid or list, desktop only (spec §2: the listing and /search offer the toggle on desktop). */
export function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <fieldset className="hidden items-center gap-1 rounded-lg border border-line p-1 md:flex">
      <legend className="sr-only">View</legend>
      {(['grid', 'list'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className="rounded-md px-3 py-1.5 text-sm font-medium aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {v === 'grid' ? 'Grid' : 'List'}
        </button>
      ))}
    </fieldset>
  );
}
