import { aboutJmd, jmdRateNote } from '../../lib/jmd-rate';
import { toCents } from '../../lib/money';

type Props =
  | { /** The API's dollars. */ dollars: number; cents?: never }
  | { /** Cents a screen summed. */ cents: number; dollars?: never };

/**
 * Beside a US$ price: "about J$1,963" at the operator's rate (decision 031). Text only, like
 * `<Price>`: the element around it carries the style.
 */
export function JmdApprox({ dollars, cents }: Props) {
  return <>{aboutJmd(cents ?? toCents(dollars ?? 0))}</>;
}

/** The line under J$ amounts: the rate, its day, and that the charge is in US$. */
export function JmdRateNote({ className = 'text-xs text-muted' }: { className?: string }) {
  return (
    <p className={className} data-jmd-rate-note>
      {jmdRateNote()}
    </p>
  );
}
