import { createHash } from 'node:crypto';
import { formatCents } from '../../../lib/money';
import { currencyOfNumeric } from '../amounts';
import { type CardField, type CardForm, spacedCardNumber, TEST_CARDS } from './cards';

/*
 * The test gateway's pages: plain server-rendered HTML with their own small stylesheet, no
 * script but the one that sends the shopper back (allowed by its hash), readable at 360 px.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** US$12.50 or J$1,250.00 (the shop's one money formatter names the currency). */
export const formatCharge = (amountCents: number, currencyCode: string) =>
  formatCents(amountCents, currencyOfNumeric(currencyCode) ?? 'USD');

const RETURN_SCRIPT = 'document.forms[0].submit();';
const RETURN_SCRIPT_HASH = createHash('sha256').update(RETURN_SCRIPT, 'utf8').digest('base64');

/** The pages' policy: nothing from elsewhere, forms only to the gateway and the merchant's return. */
export function pageSecurityPolicy(merchantOrigin?: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'sha256-${RETURN_SCRIPT_HASH}'`,
    "img-src 'self' data:",
    `form-action 'self'${merchantOrigin ? ` ${merchantOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1f1c;background:#eef1ef;line-height:1.45}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
.brand{display:flex;align-items:center;gap:8px;margin:4px 0 16px;font-weight:600;color:#054a2a}
.brand svg{flex:none}
h1{font-size:1.25rem;margin:0 0 4px}
.amount{font-size:1.75rem;font-weight:700;margin:0}
.meta{color:#4b5563;margin:0 0 16px;font-size:.95rem}
.test{background:#fff7e0;border:1px solid #b7791f;color:#5c3d00;border-radius:8px;padding:8px 12px;font-size:.9rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 4px}
input{width:100%;font-size:1rem;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#1a1f1c}
input:focus{outline:3px solid #0a7a45;outline-offset:1px}
input[aria-invalid=true]{border-color:#b42318;border-width:2px}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
.error{color:#b42318;font-size:.9rem;margin:4px 0 0}
.summary{border:2px solid #b42318;border-radius:8px;padding:10px 12px;margin:0 0 12px;color:#b42318}
.summary h2{font-size:1rem;margin:0 0 4px}.summary ul{margin:0;padding-left:18px}
.summary a{color:#b42318}
button{display:block;width:100%;margin:20px 0 0;padding:12px;font-size:1.05rem;font-weight:700;border-radius:8px;border:0;background:#065f35;color:#fff;cursor:pointer}
button:focus{outline:3px solid #1a1f1c;outline-offset:2px}
button.secondary{background:#fff;color:#b42318;border:2px solid #b42318;margin-top:12px}
details{margin:16px 0 0;font-size:.9rem}
summary{cursor:pointer;font-weight:600;color:#054a2a}
table{border-collapse:collapse;width:100%;margin:8px 0 0}
td,th{text-align:left;padding:4px 6px 4px 0;border-bottom:1px solid #e5e7eb;vertical-align:top}
.cardno{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.secure{color:#4b5563;font-size:.85rem;text-align:center;margin:16px 0 0}
`;

const LOCK =
  '<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="#065f35" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 0 1 6 0v3H9V7Z"/></svg>';

function layout(title: string, body: string, script = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="brand">${LOCK}<span>Yaad Market secure payment</span></div><div class="card">${body}</div>
<p class="secure">Test gateway served by this shop on a private address. No real card is ever charged.</p></main>${script ? `<script>${RETURN_SCRIPT}</script>` : ''}</body></html>`;
}

export type Charge = { orderIdentifier: string; amountCents: number; currencyCode: string };

function chargeHeading(charge: Charge): string {
  return `<h1>Pay Yaad Market</h1><p class="amount">${escapeHtml(formatCharge(charge.amountCents, charge.currencyCode))}</p>
<p class="meta">Order ${escapeHtml(charge.orderIdentifier)}</p>`;
}

const FIELDS: { name: CardField; label: string; attrs: string }[] = [
  {
    name: 'cardNumber',
    label: 'Card number',
    attrs: 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 5678 9012 3456"',
  },
  {
    name: 'expiry',
    label: 'Expiry date',
    attrs: 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"',
  },
  { name: 'cvv', label: 'CVV', attrs: 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"' },
  { name: 'name', label: 'Name on card', attrs: 'autocomplete="cc-name" maxlength="80"' },
];

function field(f: (typeof FIELDS)[number], value: string, error?: string): string {
  const id = `f-${f.name}`;
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${f.label}</label><input id="${id}" name="${f.name}" value="${escapeHtml(value)}" ${f.attrs} required${described}>${
    error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''
  }`;
}

/** The hosted payment page: the card form, with what was wrong when it comes back. */
export function paymentPage(
  charge: Charge,
  action: string,
  form: CardForm = { cardNumber: '', expiry: '', cvv: '', name: '' },
  errors: Partial<Record<CardField, string>> = {},
): string {
  const wrong = FIELDS.filter((f) => errors[f.name]);
  const summary = wrong.length
    ? `<div class="summary" role="alert" tabindex="-1"><h2>Check the card details</h2><ul>${wrong
        .map((f) => `<li><a href="#f-${f.name}">${f.label}: ${escapeHtml(errors[f.name] ?? '')}</a></li>`)
        .join('')}</ul></div>`
    : '';
  const byName = Object.fromEntries(FIELDS.map((f) => [f.name, f]));
  const cards = TEST_CARDS.map(
    (c) => `<tr><td class="cardno">${spacedCardNumber(c.number)}</td><td>${escapeHtml(c.outcome)}</td></tr>`,
  ).join('');
  // The CVV is never written back into the page.
  return layout(
    `Pay ${formatCharge(charge.amountCents, charge.currencyCode)} – Yaad Market`,
    `${chargeHeading(charge)}<p class="test">Test payment: use one of the test cards below.</p>${summary}
<form method="post" action="${escapeHtml(action)}" novalidate>
${field(byName.cardNumber, form.cardNumber, errors.cardNumber)}
<div class="row"><div>${field(byName.expiry, form.expiry, errors.expiry)}</div><div>${field(byName.cvv, '', errors.cvv)}</div></div>
${field(byName.name, form.name, errors.name)}
<button type="submit">Pay ${escapeHtml(formatCharge(charge.amountCents, charge.currencyCode))}</button></form>
<details><summary>Test cards</summary><p>Any future expiry date, any CVV.</p><table><thead><tr><th scope="col">Card number</th><th scope="col">What happens</th></tr></thead><tbody>${cards}</tbody></table></details>`,
  );
}

/** The 3-D Secure step the 4000 0000 0000 3220 card asks for. */
export function challengePage(charge: Charge, action: string, suffix: string): string {
  return layout(
    '3-D Secure check – Yaad Market',
    `<h1>Confirm it is you</h1><p class="meta">Your bank asks you to confirm a payment of <strong>${escapeHtml(
      formatCharge(charge.amountCents, charge.currencyCode),
    )}</strong> to Yaad Market with the card ending ${escapeHtml(suffix)}.</p>
<p class="test">Test 3-D Secure: choose what the bank answers.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" name="result" value="approve">Approve</button><button type="submit" name="result" value="fail" class="secondary">Fail</button></form>`,
  );
}

/** Sends the shopper back to the merchant with the gateway's Response, as PowerTranz's hosted page does. */
export function returnPage(merchantResponseUrl: string, response: unknown): string {
  return layout(
    'Returning to Yaad Market',
    `<h1>Card details received</h1><p class="meta">Taking you back to Yaad Market to finish the order…</p>
<form method="post" action="${escapeHtml(merchantResponseUrl)}"><input type="hidden" name="Response" value="${escapeHtml(
      JSON.stringify(response),
    )}"><button type="submit">Return to Yaad Market</button></form>`,
    true,
  );
}

/** A page the shopper should not have reached (an unknown or finished payment). */
export function notePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

/**
 * PowerTranz's RedirectData: a document that takes the browser (out of any frame it was put in)
 * to the hosted page.
 */
export function redirectData(hostedPageUrl: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Secure payment</title></head><body><form method="get" action="${escapeHtml(
    hostedPageUrl,
  )}" target="_top"><p>Continue to the secure payment page.</p><button type="submit">Continue to payment</button></form><script>${RETURN_SCRIPT}</script></body></html>`;
}
