import { formatCents, formatDollars, formatShipping } from '../../lib/money';

type Props =
  | {
      /** The API's dollars. */
      dollars: number;
      /** A shipping charge: reads "Free" when `free`, by default when it charges nothing. */
      shipping?: boolean;
      free?: boolean;
      cents?: never;
    }
  | { /** Cents a screen summed itself. */ cents: number; dollars?: never; shipping?: never; free?: never };

/**
 * A price as shoppers read it ("$1,234.50"). Text only, no element of its own: the element around
 * it carries the style, so putting a price on a screen never changes how that screen looks.
 */
export function Price({ dollars, cents, shipping = false, free }: Props) {
  if (cents !== undefined) return <>{formatCents(cents)}</>;
  return <>{shipping ? formatShipping(dollars, free) : formatDollars(dollars)}</>;
}
