import type { NextStep } from '../payments/provider';

/*
 * The document that hands the browser to the gateway (docs/decisions/029). The gateway's own
 * markup (PowerTranz's RedirectData: a form and a script that posts it) runs in a sandbox without
 * the shop's origin, so it can neither read the shop's storage nor call its API as the shopper;
 * it may post its form and navigate to the gateway's page.
 */
export const GATEWAY_STEP_POLICY =
  "sandbox allow-forms allow-scripts allow-top-navigation; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; form-action *";

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function gatewayStepPage(next: Exclude<NextStep, { kind: 'redirect' }>): string {
  if (next.kind === 'html') return next.html;
  const fields = Object.entries(next.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Secure payment</title></head><body><form method="post" action="${escapeHtml(
    next.url,
  )}">${fields}<p>Continue to the secure payment page.</p><button type="submit">Continue to payment</button></form><script>document.forms[0].submit();</script></body></html>`;
}
