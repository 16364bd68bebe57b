import { productReviewsPath } from '../../lib/ratings';
import { hello, type RenderedMail, render, siteLink } from './templates';

/* The mails about reviews (docs/decisions/018), in the shop's frame from ./templates.ts. */

/**
 * A buyer reviewed one of the store's products: the stars and words as the product page shows them
 * (escaped in the HTML), and the way to answer, in public, under the review.
 */
export function sellerNewReviewMail(input: {
  storeName: string;
  productId: string;
  productName: string;
  authorName: string;
  rating: number;
  title: string | null;
  body: string | null;
}): RenderedMail {
  const stars = `${'★'.repeat(input.rating)}${'☆'.repeat(5 - input.rating)}`;
  const words = [input.title, input.body].filter(Boolean).join('\n\n');
  return render('seller_new_review', `New ${input.rating}-star review of ${input.productName}`, [
    { p: `Hello ${input.storeName},` },
    {
      p: `${input.authorName}, who bought ${input.productName} from you, reviewed it: ${stars} (${input.rating} out of 5).`,
    },
    ...(words ? [{ quote: words }] : []),
    {
      p: 'You can thank them or answer a concern with one public reply under the review. Shoppers read replies too.',
    },
    { button: { label: 'Read and reply', href: siteLink(productReviewsPath(input.productId)) } },
  ]);
}

/** The product's seller answered the buyer's review, in public: its words, and where they stand. */
export function reviewReplyMail(input: {
  authorName: string;
  storeName: string;
  productId: string;
  productName: string;
  reply: string;
}): RenderedMail {
  return render('review_reply', `${input.storeName} replied to your review of ${input.productName}`, [
    hello(input.authorName),
    { p: `${input.storeName} replied to your review of ${input.productName}:` },
    { quote: input.reply },
    { p: 'The reply is shown under your review on the product page.' },
    { button: { label: 'See the reply', href: siteLink(productReviewsPath(input.productId)) } },
  ]);
}
