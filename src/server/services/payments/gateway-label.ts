import type { CardGateway } from '../../../lib/contract/payments';
import type { ProviderName } from '../../payments/provider';

/** The gateway as shoppers read its name (checkout, the receipt), and the cards it takes. */
const GATEWAYS: Record<ProviderName, Omit<CardGateway, 'holdMinutes'>> = {
  test: { name: 'Yaad Market test gateway (no real money)', cards: ['Visa', 'Mastercard'], test: true },
  powertranz: { name: 'First Atlantic Commerce (PowerTranz)', cards: ['Visa', 'Mastercard'], test: false },
  wipay: { name: 'WiPay', cards: ['Visa', 'Mastercard'], test: false },
};

export const cardGateway = (provider: ProviderName): Omit<CardGateway, 'holdMinutes'> => GATEWAYS[provider];
export const gatewayLabel = (provider: ProviderName): string => GATEWAYS[provider].name;
