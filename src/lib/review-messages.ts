import { REVIEW_EDIT_DAYS } from './ratings';

/** What the API and the islands say about reviews and seller ratings (one place, like src/lib/messages.ts). */
export const REVIEW_TEXT = {
  notDelivered:
    'Only shoppers who received this product can review it. You can write a review once your order is delivered.',
  alreadyReviewed: 'You have already reviewed this product. You can edit your review instead.',
  ownProduct: 'Sellers cannot review their own products.',
  notAuthor: 'Only the author of a review can change or delete it.',
  editWindowClosed: `A review can be changed or deleted for ${REVIEW_EDIT_DAYS} days after it was written.`,
  notFound: 'Review not found',
  productNotFound: 'Product not found',
  ownVote: 'You cannot vote for your own review.',
  alreadyVoted: 'You have already marked this review as helpful.',
  notSeller: 'Only the seller of this product can reply to its reviews.',
  ownReport: 'You cannot report your own review.',
  alreadyReported: 'You have already reported this review. Our team will look at it.',
  tooManyReports: 'You have reported several reviews in a short time. Please wait a few minutes.',
  ratingNotDelivered: 'You can rate a seller once their part of your order is delivered.',
  alreadyRatedSeller: 'You have already rated this seller for this order.',
  orderNotFound: 'Order not found',
  noReviews: 'No reviews yet.',
  reviewSaved: 'Thank you! Your review is live.',
  reviewDeleted: 'Your review was deleted.',
  reported: 'Thank you. Our team will look at this review.',
  alreadyHidden: 'This review is already hidden. Reload the list to see it as it is now.',
  alreadyVisible: 'This review is already visible. Reload the list to see it as it is now.',
  noOpenReports: 'This review has no open reports to close. Reload the list to see it as it is now.',
} as const;
