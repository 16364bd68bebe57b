import { API_BASE } from './api';

/**
 * An order's invoice addresses, written once: the PDF (the checkout's answer, the buyer's mail, the
 * invoice dialog's download) and what it shows as JSON (the dialog's page view on a phone).
 */
export const invoicePdfUrl = (orderId: string) => `${API_BASE}/invoice/invoice-pdf/${encodeURIComponent(orderId)}`;
export const invoiceJsonPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice`;
