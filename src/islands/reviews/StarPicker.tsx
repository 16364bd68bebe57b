const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * 1 to 5 stars as a group of radios (the stars are what a shopper taps; each radio, visually
 * hidden under its star, keeps keyboard and screen-reader use): a review's rating, a seller's
 * delivery and communication.
 */
export function StarPicker({
  legend,
  name,
  value,
  onChange,
}: {
  legend: string;
  /** The radios' group name, unique on the page. */
  name: string;
  value: number;
  onChange: (stars: number) => void;
}) {
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1" data-star-picker>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="cursor-pointer" title={STAR_WORDS[star]}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none rounded peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 ${star <= value ? 'text-gold-400' : 'text-line'}`}
            >
              ★
            </span>
            <span className="sr-only">
              {star} {star === 1 ? 'star' : 'stars'} ({STAR_WORDS[star]})
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-muted" aria-live="polite">
          {value > 0 ? STAR_WORDS[value] : 'Choose 1 to 5 stars'}
        </span>
      </div>
    </fieldset>
  );
}
