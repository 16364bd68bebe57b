/**
 * What the shop says when a seller did not: the same on the server, in the static pages and in
 * the browser. (A module of its own, so a static page's script can read it without the catalogue.)
 */
import type { ProductStore } from './contract/catalog';

/** Spec §3: a product without a store belongs to the marketplace itself. */
export const MARKETPLACE_STORE: ProductStore = {
  id: 'admin',
  name: 'Marketplace Admin',
  logo: null,
  verified: true,
  location: 'Online Store',
  user_id: 'admin-user',
};

/** Business days between the order and hand-over to the courier when a seller named none. */
export const DEFAULT_PROCESSING_TIME = '1-3 business days';
