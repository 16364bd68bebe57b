import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { $user, logout, refreshSession } from '../../lib/stores/session';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { VerifyReminder } from '../mail/VerifyReminder';
import { AccountInfoDialog } from './AccountInfoDialog';
import { AddressBookDialog } from './AddressBookDialog';
import { OrdersTab } from './OrdersTab';
import { PaymentMethodsDialog } from './PaymentMethodsDialog';

const TABS = ['orders', 'profile', 'settings'] as const;
type Tab = (typeof TABS)[number];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const WORK_LINK = {
  buyer: { href: '/sell', label: 'Sell on Yaad Market' },
  seller: { href: '/dashboard/store/', label: 'Your store' },
  admin: { href: '/admin/stores/', label: 'Operator workspace' },
} as const;

/** /profile (spec §2): the logged-out message, or the user with Orders, Profile and Settings tabs. */
export default function ProfilePage() {
  const user = useStore($user);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<Tab>('orders');
  const [infoOpen, setInfoOpen] = useState(false);
  const [addressesOpen, setAddressesOpen] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);

  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('tab') ?? location.pathname.split('/')[2];
    if (TABS.includes(wanted as Tab)) setTab(wanted as Tab);
    refreshSession().catch(() => {
      setFailed(true);
      toastError('Error', 'Failed to load profile information');
    });
  }, []);

  const choose = (next: Tab) => {
    setTab(next);
    history.replaceState(null, '', `/profile?tab=${next}`);
  };
  /** Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    choose(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  if (failed)
    return <p className="card p-8 text-center">Failed to load profile information. Please refresh the page.</p>;
  if (user === undefined) return <div className="skeleton h-48" aria-label="Loading profile" />;
  if (user === null)
    return (
      <div className="card flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-lg font-medium">Please log in to view your profile</p>
        <a href="/login?next=/profile" className="btn btn-primary">
          Log In
        </a>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="card flex flex-wrap items-center gap-4 p-5">
        <div
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
          aria-hidden="true"
        >
          {user.name.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0">
          <h1 className="text-xl font-bold sm:text-2xl">{user.name}</h1>
          <p className="break-words text-muted">{user.email}</p>
          <span className="badge badge-green mt-1">{capitalise(user.role)}</span>
        </div>
        {/* Where this account works besides shopping (docs/decisions/015). */}
        <a className="link ml-auto shrink-0 text-sm" href={WORK_LINK[user.role].href}>
          {WORK_LINK[user.role].label}
        </a>
      </div>
      <VerifyReminder user={user} />
      <div role="tablist" aria-label="Account" onKeyDown={onTabKey} className="flex gap-1 border-b border-line">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-controls={`panel-${t}`}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => choose(t)}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted aria-selected:border-brand-700 aria-selected:text-ink"
          >
            {capitalise(t)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'orders' && <OrdersTab />}
        {tab === 'profile' && (
          <dl className="card grid gap-4 p-5 sm:grid-cols-2">
            <div>
              <dt className="label">Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt className="label">Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
        )}
        {tab === 'settings' && (
          <div className="card overflow-hidden">
            <ul className="divide-y divide-line">
              {(
                [
                  ['info', 'Account Information', 'Name, e-mail, phone and password', () => setInfoOpen(true)],
                  [
                    'addresses',
                    'Shipping Addresses',
                    'Where your orders go, and your default',
                    () => setAddressesOpen(true),
                  ],
                  ['cards', 'Payment Methods', 'Cards remembered on this device', () => setCardsOpen(true)],
                ] as const
              ).map(([id, title, hint, open]) => (
                <li key={id}>
                  <button
                    type="button"
                    onClick={open}
                    aria-haspopup="dialog"
                    aria-labelledby={`settings-${id}`}
                    aria-describedby={`settings-${id}-hint`}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
                  >
                    <span>
                      <span id={`settings-${id}`} className="block font-semibold">
                        {title}
                      </span>
                      <span id={`settings-${id}-hint`} className="block text-sm text-muted">
                        {hint}
                      </span>
                    </span>
                    <span aria-hidden="true" className="text-xl text-muted">
                      ›
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {infoOpen && <AccountInfoDialog user={user} onClose={() => setInfoOpen(false)} />}
            {addressesOpen && <AddressBookDialog onClose={() => setAddressesOpen(false)} />}
            {cardsOpen && <PaymentMethodsDialog onClose={() => setCardsOpen(false)} />}
            <div className="border-t border-line px-5 py-4">
              <button
                type="button"
                className="btn btn-danger"
                onClick={async () => {
                  if (await logout()) toastSuccess('Logged out');
                  else toastError('Logout Error', 'Could not fully log out.');
                  location.assign('/');
                }}
              >
                Logout
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
