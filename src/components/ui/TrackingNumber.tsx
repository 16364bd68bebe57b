import { trackingUrl } from '../../lib/tracking';

/**
 * A parcel's tracking number: a link to its courier's tracking page where the courier has one
 * (src/lib/tracking.ts), else the number as text. The page opens in a new tab, so the order stays.
 */
export function TrackingNumber({ courier, number }: { courier: string | null | undefined; number: string }) {
  const url = trackingUrl(courier, number);
  if (!url) return <>{number}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="link break-all">
      {number}
      <span className="sr-only"> (track it on the {courier} site, opens in a new tab)</span>
    </a>
  );
}
