import type { Order } from '../../lib/contract/orders';
import { formatTrn } from '../../lib/tax-details';

/**
 * A business buyer's name and TRN as given at checkout (decision 049), as each seller's tax invoice
 * prints them: "Business TRN 123-456-789". Nothing for an order without them. The rows of a <dl>,
 * styled by the screen around them.
 */
export function BuyerTaxIdRows({ order, rowClass }: { order: Order; rowClass: string }) {
  const taxId = order.buyerTaxId;
  if (!taxId) return null;
  return (
    <>
      {taxId.businessName && (
        <div className={rowClass}>
          <dt className="shrink-0">Business</dt>
          <dd className="min-w-0 break-words text-right" data-testid="buyer-business-name">
            {taxId.businessName}
          </dd>
        </div>
      )}
      <div className={rowClass}>
        <dt className="shrink-0">Business TRN</dt>
        <dd className="text-right" data-testid="buyer-trn">
          {formatTrn(taxId.trn)}
        </dd>
      </div>
    </>
  );
}
