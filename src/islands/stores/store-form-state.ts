/**
 * The store form's state (text as typed) and the API body it becomes: one home for both the
 * application on /sell and the store page editor on /dashboard/store/. The API checks every field
 * (src/lib/contract/stores.ts); the form shows its per-field messages.
 */
import type { FieldProblem } from '../../components/ui/ErrorSummary';
import type { Parish } from '../../lib/catalog';
import type { OwnStore } from '../../lib/contract/stores';
import { formatTrn } from '../../lib/tax-details';

export type RateState = {
  /** A saved rate's id (kept so carts that chose it keep their choice); a new row has none. */
  id?: string;
  /** A stable React key for the row. */
  key: string;
  provider: string;
  method: string;
  cost: string;
  minDays: string;
  maxDays: string;
  description: string;
  parishes: Parish[];
};

export type StoreFormState = {
  name: string;
  description: string;
  location: string;
  parish: Parish | '';
  email: string;
  phone: string;
  facebook: string;
  instagram: string;
  twitter: string;
  website: string;
  processingTime: string;
  freeShippingThreshold: string;
  cashOnDelivery: boolean;
  bankTransfer: boolean;
  bankName: string;
  accountName: string;
  accountNumber: string;
  branch: string;
  trn: string;
  gctRegistered: boolean;
  gctNumber: string;
  rates: RateState[];
};

let keys = 0;
export const newRate = (over: Partial<RateState> = {}): RateState => ({
  key: `rate-${++keys}`,
  provider: '',
  method: '',
  cost: '',
  minDays: '1',
  maxDays: '3',
  description: '',
  parishes: [],
  ...over,
});

export function emptyStoreForm(email = ''): StoreFormState {
  return {
    name: '',
    description: '',
    location: '',
    parish: '',
    email,
    phone: '',
    facebook: '',
    instagram: '',
    twitter: '',
    website: '',
    processingTime: '1-3 business days',
    freeShippingThreshold: '',
    cashOnDelivery: true,
    bankTransfer: false,
    bankName: '',
    accountName: '',
    accountNumber: '',
    branch: '',
    trn: '',
    gctRegistered: false,
    gctNumber: '',
    rates: [newRate()],
  };
}

export function storeFormOf(s: OwnStore): StoreFormState {
  const bank = s.paymentMethods.bankDetails;
  return {
    name: s.name,
    description: s.description,
    location: s.location,
    parish: s.parish as Parish,
    email: s.email ?? '',
    phone: s.phone ?? '',
    facebook: s.socialLinks.facebook ?? '',
    instagram: s.socialLinks.instagram ?? '',
    twitter: s.socialLinks.twitter ?? '',
    website: s.socialLinks.website ?? '',
    processingTime: s.processingTime,
    freeShippingThreshold: s.freeShippingThreshold === null ? '' : String(s.freeShippingThreshold),
    cashOnDelivery: s.paymentMethods.cashOnDelivery,
    bankTransfer: s.paymentMethods.bankTransfer,
    bankName: bank?.bankName ?? '',
    accountName: bank?.accountName ?? '',
    accountNumber: bank?.accountNumber ?? '',
    branch: bank?.branch ?? '',
    trn: s.taxDetails.trn ? formatTrn(s.taxDetails.trn) : '',
    gctRegistered: s.taxDetails.gctRegistered,
    gctNumber: s.taxDetails.gctNumber ?? '',
    rates: s.shippingRates.map((r) =>
      newRate({
        id: r.id,
        provider: r.provider,
        method: r.method,
        cost: String(r.cost),
        minDays: String(r.minDays),
        maxDays: String(r.maxDays),
        description: r.description,
        parishes: r.parishes as Parish[],
      }),
    ),
  };
}

/** A number field as typed: blank is null; anything else is sent as a number (or as typed, for the API to refuse clearly). */
const numberOf = (v: string): number | string | null => {
  const t = v.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

/** The body of POST /seller/apply and PUT /seller/store. */
export function storeBody(f: StoreFormState) {
  return {
    name: f.name,
    description: f.description,
    location: f.location,
    parish: f.parish,
    email: f.email,
    phone: f.phone,
    socialLinks: {
      facebook: f.facebook || null,
      instagram: f.instagram || null,
      twitter: f.twitter || null,
      website: f.website || null,
    },
    processingTime: f.processingTime,
    freeShippingThreshold: numberOf(f.freeShippingThreshold),
    paymentMethods: {
      cashOnDelivery: f.cashOnDelivery,
      bankTransfer: f.bankTransfer,
      bankDetails: f.bankTransfer
        ? { bankName: f.bankName, accountName: f.accountName, accountNumber: f.accountNumber, branch: f.branch }
        : null,
    },
    taxDetails: {
      trn: f.trn.trim() || null,
      gctRegistered: f.gctRegistered,
      // A number typed and then unticked is not sent: an unregistered seller has none.
      gctNumber: f.gctRegistered ? f.gctNumber.trim() || null : null,
    },
    shippingRates: f.rates.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      provider: r.provider,
      method: r.method,
      cost: numberOf(r.cost) ?? '',
      minDays: numberOf(r.minDays) ?? '',
      maxDays: numberOf(r.maxDays) ?? '',
      description: r.description,
      parishes: r.parishes,
    })),
  };
}

/** Which of the API's error paths (storeBody's shape) an edit may have put right. */
export type EditedPaths = {
  /** Each takes its own error and every error under it (`paymentMethods` takes `paymentMethods.bankDetails.bankName`). */
  under?: string[];
  /** Each takes its own error only. */
  exact?: string[];
};

/** What a change of one form field may have put right. */
export function editedPathsOf(key: keyof StoreFormState): EditedPaths {
  switch (key) {
    case 'facebook':
    case 'instagram':
    case 'twitter':
    case 'website':
      return { under: [`socialLinks.${key}`] };
    case 'cashOnDelivery':
    case 'bankTransfer':
      // "Accept at least one" sits on cash on delivery; turning transfers off drops their details.
      return { under: ['paymentMethods'] };
    case 'bankName':
    case 'branch':
    case 'accountName':
    case 'accountNumber':
      return { under: [`paymentMethods.bankDetails.${key}`], exact: ['paymentMethods.bankDetails'] };
    case 'trn':
    case 'gctNumber':
      return { under: [`taxDetails.${key}`] };
    case 'gctRegistered':
      // Unticking it drops "a registered seller needs its TRN / number".
      return { under: ['taxDetails'] };
    case 'rates':
      // A courier added or removed renumbers the others: every courier's error goes.
      return { under: ['shippingRates'] };
    default:
      return { under: [key] };
  }
}

/** What a change to courier `index` may have put right: its changed fields, and the list's own line. */
export const editedRatePaths = (index: number, change: Partial<RateState>): EditedPaths => ({
  exact: [...Object.keys(change).map((k) => `shippingRates.${index}.${k}`), 'shippingRates'],
});

/** The errors left once the fields `edited` names were changed (the server checks all again on submit). */
export function withoutErrors(errors: Record<string, string>, edited: EditedPaths): Record<string, string> {
  const left: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const gone =
      edited.exact?.includes(key) || edited.under?.some((p) => key === p || key.startsWith(`${p}.`)) || false;
    if (!gone) left[key] = message;
  }
  return left;
}

/** The id of the control an API error path is about: one rule for the fields and the error banner. */
export const controlId = (path: string) => `store-${path.replace(/\W/g, '-')}`;

/** Paths that name a group rather than one control: the control the banner's link focuses. */
const GROUP_CONTROL: Record<string, string> = {
  'paymentMethods.bankDetails': 'paymentMethods.bankDetails.bankName',
};

/**
 * Every refused field for the error banner, in the API's order (the form's, field by field): its
 * text, and a courier's number before a courier's field ("Courier 2: Cost (US$) must be an amount
 * like 500.00"), since several couriers have fields of the same label.
 */
export function storeProblems(errors: Record<string, string>): FieldProblem[] {
  return Object.entries(errors).map(([path, text]) => {
    const row = /^shippingRates\.(\d+)\./.exec(path);
    return {
      text: row ? `Courier ${Number(row[1]) + 1}: ${text}` : text,
      target: controlId(GROUP_CONTROL[path] ?? path),
    };
  });
}
