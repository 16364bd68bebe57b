import { API_BASE } from './api';

/**
 * An order's invoice addresses, written once: the PDF (the checkout's answer, the buyer's mail, the
 * invoice dialog's download) and what it shows as JSON (the dialog's page view on a phone).
 */
export const invoicePdfUrl = (orderId: string) => `${API_BASE}/invoice/invoice-pdf/${encodeURIComponent(orderId)}`;
export const invoiceJsonPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice`;
/** A seller's tax invoice or credit note as a PDF (issue 29 #3, decision 045). */
export const taxDocumentPdfUrl = (documentId: string) =>
  `${API_BASE}/invoice/tax-documents/${encodeURIComponent(documentId)}`;
