import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { productsLoader, storesLoader } from './content/loaders';

/** Policy pages: Markdown in src/content/pages. */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: z.object({ title: z.string(), description: z.string(), updated: z.string() }),
});

/** The catalogue, read through the API at build time. */
const products = defineCollection({ loader: productsLoader() });
const stores = defineCollection({ loader: storesLoader() });

export const collections = { pages, products, stores };
