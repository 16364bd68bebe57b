/**
 * The User-Agent the publisher's catalogue reads carry (src/content/catalog-api.ts): the API
 * answers them from the database, never from an answer kept for shoppers (catalog-cache.ts), and
 * logs them as routine (middleware.ts).
 */
export const PUBLISHER_AGENT = 'yaad-publisher';
