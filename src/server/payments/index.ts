import { type Env, localOrigin, publicSiteUrl } from '../env';
import type { Fetch } from './gateway-http';
import { powerTranzProvider } from './powertranz';
import type { PaymentProvider } from './provider';
import { TEST_GATEWAY_MERCHANT } from './test-gateway/app';
import { wipayProvider } from './wipay';

export type { PaymentProvider } from './provider';

/** Where the shop serves the offline test gateway (docs/decisions/028). */
export const TEST_GATEWAY_PATH = '/dev/gateway';

/** The test gateway answers only while it is the configured gateway (env.ts keeps it off public addresses). */
export const testGatewayEnabled = (config: Pick<Env, 'PAYMENT_PROVIDER'>) => config.PAYMENT_PROVIDER === 'test';

/** Where browsers reach the test gateway's pages. */
export const testGatewayPublicBase = (config: Env) => `${publicSiteUrl(config)}${TEST_GATEWAY_PATH}`;

const POWERTRANZ_API = { sandbox: 'https://staging.ptranz.com', live: 'https://gateway.ptranz.com' } as const;
/** WiPay's published sandbox account and key. */
const WIPAY_SANDBOX = { accountNumber: '1234567890', apiKey: '123' } as const;

/** The configured gateway. env.ts has already checked that what it needs is there. */
export function paymentProviderFromConfig(config: Env, fetch?: Fetch): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'test':
      // The PowerTranz adapter itself, against the shop's own test gateway, over loopback.
      return powerTranzProvider({
        name: 'test',
        apiUrl: `${localOrigin(config)}${TEST_GATEWAY_PATH}`,
        powerTranzId: TEST_GATEWAY_MERCHANT.id,
        powerTranzPassword: TEST_GATEWAY_MERCHANT.password,
        pageSet: 'PTZ/YaadTest',
        pageName: 'Checkout',
        fetch,
      });
    case 'powertranz':
      return powerTranzProvider({
        apiUrl: config.POWERTRANZ_API_URL ?? POWERTRANZ_API[config.PAYMENT_ENVIRONMENT],
        powerTranzId: config.POWERTRANZ_ID ?? '',
        powerTranzPassword: config.POWERTRANZ_PASSWORD ?? '',
        pageSet: config.POWERTRANZ_PAGE_SET ?? '',
        pageName: config.POWERTRANZ_PAGE_NAME ?? '',
        fetch,
      });
    case 'wipay':
      return wipayProvider({
        apiUrl: config.WIPAY_API_URL,
        accountNumber: config.WIPAY_ACCOUNT_NUMBER ?? WIPAY_SANDBOX.accountNumber,
        apiKey: config.WIPAY_API_KEY ?? WIPAY_SANDBOX.apiKey,
        environment: config.PAYMENT_ENVIRONMENT,
        fetch,
      });
  }
}
