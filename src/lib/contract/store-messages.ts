import { z } from 'zod';
import { singleLine } from './single-line';

/** "Contact Seller" (issue 15): texts for the form and the API. */
export const STORE_MESSAGE_TEXT = {
  subjectRequired: 'Please add a subject.',
  messageShort: 'Please write at least 10 characters.',
  messageLong: 'Please keep your message under 2,000 characters.',
  sent: (store: string) => `Your message is on its way to ${store}. Replies come to your e-mail address.`,
  signIn: 'Log in to write to a seller: the seller answers to your e-mail address.',
  verifyFirst: 'Please verify your e-mail address first: the seller answers to it.',
  noAddress: 'This seller cannot receive messages yet.',
  storeClosed: 'This seller is not open on Yaad Market right now, so it cannot take messages.',
  orderNotFound: 'That order is not one of yours with this seller.',
  productNotFound: 'That product is not sold by this seller.',
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

export const StoreMessageInput = z.object({
  subject: singleLine(
    z
      .string({ error: STORE_MESSAGE_TEXT.subjectRequired })
      .trim()
      .min(1, STORE_MESSAGE_TEXT.subjectRequired)
      .max(120, 'Please keep the subject under 120 characters.'),
    'Subject',
  ),
  message: z
    .string({ error: STORE_MESSAGE_TEXT.messageShort })
    .trim()
    .min(10, STORE_MESSAGE_TEXT.messageShort)
    .max(2000, STORE_MESSAGE_TEXT.messageLong),
  /** The order the message is about (its number), when sent from an order's page. */
  orderNumber: z.string().trim().min(1).max(40).optional(),
  /** The product the message is about, when sent from a product page. */
  productId: z.string().trim().min(1).max(200).optional(),
});
export type StoreMessageInput = z.infer<typeof StoreMessageInput>;

export const StoreMessageSent = z.object({ id: z.string(), message: z.string() }).meta({ id: 'StoreMessageSent' });
export type StoreMessageSent = z.infer<typeof StoreMessageSent>;
