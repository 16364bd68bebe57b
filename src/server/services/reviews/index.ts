/** Product reviews and seller ratings (docs/decisions/018): the public API of this domain. */
export { replyToReview, reportReview, unvoteHelpful, voteHelpful } from './feedback';
export { keepReview, moderateReview, moderationList } from './moderation';
export { listReviews, reviewById } from './read';
export { mySellerRatings, rateSeller } from './seller-ratings';
export { createReview, deleteReview, myReview, updateReview } from './write';
