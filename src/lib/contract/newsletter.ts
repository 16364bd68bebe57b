import { z } from 'zod';
import { labelledText } from './field-messages';
import { singleLine } from './single-line';

/** Newsletter texts: double opt-in and unsubscribing (issue 15, Jamaica's Data Protection Act 2020). */
export const NEWSLETTER_TEXT = {
  badEmail: 'Please enter a valid email address.',
  checkMail: 'Thank you! Please confirm with the link we sent to your e-mail. Nothing is sent until you do.',
  confirmed: 'You are subscribed. Look out for our next newsletter.',
  confirmInvalid: 'This confirmation link has expired or was already used. Sign up again to get a new one.',
  unsubscribed: 'You are unsubscribed. You will get no more newsletters from us.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  tooMany: 'Too many sign-ups for this address. Please wait a few minutes.',
} as const;

export const NewsletterSignup = z.object({
  email: z
    .string({ error: NEWSLETTER_TEXT.badEmail })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_TEXT.badEmail)
    .pipe(z.email({ error: NEWSLETTER_TEXT.badEmail })),
});
export const NewsletterResult = z.object({ message: z.string() }).meta({ id: 'NewsletterResult' });

const token = (error: string) => z.string({ error }).regex(/^[\w-]{43}$/, error);
export const NewsletterConfirmInput = z.object({ token: token(NEWSLETTER_TEXT.confirmInvalid) });
export const UnsubscribeParam = z.object({ token: token(NEWSLETTER_TEXT.unsubscribeInvalid) });

const PARAGRAPH_MAX = 4000;

/** An issue of the newsletter, sent by an operator to every confirmed subscriber. */
export const NewsletterIssueInput = z.object({
  subject: singleLine(labelledText('Subject', 150), 'Subject'),
  paragraphs: z
    .array(z.string({ error: 'Each paragraph must be text' }).trim(), {
      error: 'Add at least one paragraph to the issue',
    })
    .min(1, 'Add at least one paragraph to the issue')
    .max(30, 'An issue can have at most 30 paragraphs: join or remove some')
    .superRefine((paragraphs, ctx) => {
      // Each paragraph named by its place ("Paragraph 2"), as an operator reading the issue counts them.
      paragraphs.forEach((text, i) => {
        const problem =
          text === ''
            ? `Paragraph ${i + 1} is empty: write it or remove it`
            : text.length > PARAGRAPH_MAX
              ? `Paragraph ${i + 1} can have at most ${PARAGRAPH_MAX} characters: split it in two`
              : undefined;
        if (problem) ctx.addIssue({ code: 'custom', path: [i], message: problem });
      });
    }),
});
export const NewsletterIssueQueued = z.object({ recipients: z.number().int() }).meta({ id: 'NewsletterIssueQueued' });
