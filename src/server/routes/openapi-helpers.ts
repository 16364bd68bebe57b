import type { z } from 'zod';
import { ErrorBody } from '../../lib/contract/common';

/** `{ 200: json(Product, 'The product') }`: a JSON response for createRoute. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The error responses a route can give, each with the shared error body. */
export const errors = (...entries: [number, string][]) =>
  Object.fromEntries(entries.map(([status, description]) => [status, json(ErrorBody, description)]));
