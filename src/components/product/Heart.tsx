/** The heart icon; filled by CSS when its button is pressed (a favourite). */
export function Heart({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} heart`}
      fill="currentColor"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 20s-7-4.4-9.3-8.6C1.1 8.3 3 4.5 6.6 4.5c2 0 3.4 1.1 5.4 3.2 2-2.1 3.4-3.2 5.4-3.2 3.6 0 5.5 3.8 3.9 6.9C19 15.6 12 20 12 20z" />
    </svg>
  );
}
