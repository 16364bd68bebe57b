import { z } from 'zod';

export const NewsletterSignup = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
export const NewsletterResult = z.object({ message: z.string() }).meta({ id: 'NewsletterResult' });
