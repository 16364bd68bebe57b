/** The reviews island's calls (all through src/lib/api.ts, answers checked by the contract). */
import { api } from '../../lib/api';
import { HelpfulAnswer, MyReview, Review, ReviewList, type ReviewSort } from '../../lib/contract/reviews';
import { REVIEWS_PER_PAGE } from '../../lib/ratings';

const productPath = (productId: string) => `/products/${encodeURIComponent(productId)}/reviews`;
const reviewPath = (id: string) => `/reviews/${encodeURIComponent(id)}`;

export type ReviewDraft = { rating: number; title: string; body: string };

export const reviewApi = {
  list: (productId: string, sort: ReviewSort, page: number) =>
    api.get(
      `${productPath(productId)}?${new URLSearchParams({ sort, page: String(page), limit: String(REVIEWS_PER_PAGE) })}`,
      ReviewList,
    ),
  mine: (productId: string) => api.get(`${productPath(productId)}/mine`, MyReview),
  create: (productId: string, draft: ReviewDraft) => api.post(productPath(productId), draft, Review),
  update: (id: string, draft: ReviewDraft) => api.put(reviewPath(id), draft, Review),
  remove: (id: string) => api.delete<void>(reviewPath(id)),
  helpful: (id: string) => api.post(`${reviewPath(id)}/helpful`, undefined, HelpfulAnswer),
  unhelpful: (id: string) => api.delete(`${reviewPath(id)}/helpful`, undefined, HelpfulAnswer),
  reply: (id: string, body: string) => api.put(`${reviewPath(id)}/reply`, { body }, Review),
  report: (id: string, reason: string) => api.post<void>(`${reviewPath(id)}/reports`, { reason }),
};
