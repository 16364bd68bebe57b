import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import type { User } from '../../lib/contract/auth';
import { PROFILE_TEXT } from '../../lib/contract/users';
import { SHOP } from '../../lib/site';
import { refreshSession } from '../../lib/stores/session';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

type FieldErrors = Record<string, string>;

/**
 * Settings → Account Information (spec §2, §4): personal information with Edit / Save Changes
 * ("Saving...") / Cancel (restores the stored values), and Password & Security with Change
 * Password / Update Password ("Updating..."). A successful save returns to view mode and
 * broadcasts a "profile updated" event (`yaad:profile-updated`).
 */
export function AccountInfoDialog({ user, onClose }: { user: User; onClose: () => void }) {
  // The profile is read afresh when the dialog opens (spec: "Loading profile..."); what it shows
  // then follows the session store, which a save refreshes.
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    refreshSession()
      .then((fresh) => {
        if (!fresh) throw new Error('signed out');
        setLoaded(true);
      })
      .catch(() => {
        setFailed(true);
        toastError('Error', 'Failed to load profile information');
      });
  }, []);
  return (
    <Modal title="Account Information" onClose={onClose}>
      <div className="flex flex-col gap-6 p-5">
        {failed ? (
          <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger">
            Failed to load profile information
          </p>
        ) : loaded ? (
          <>
            <PersonalInfo user={user} />
            <PasswordSecurity />
            <Preferences />
          </>
        ) : (
          <p role="status" className="py-6 text-center text-muted">
            Loading profile...
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * Spec §2's three buttons, each saying what is true instead of doing nothing: order and account
 * mails are transactional and always sent (the newsletter is its own opt-in, left by its
 * unsubscribe link), so Manage has nothing to manage; two-factor sign-in does not exist yet.
 */
function Preferences() {
  return (
    <section className="card p-4" aria-labelledby="account-preferences">
      <h3 id="account-preferences" className="mb-3 font-semibold">
        Account Preferences
      </h3>
      <ul className="flex flex-col divide-y divide-line text-sm">
        <li className="flex items-center justify-between gap-3 py-2">
          <span>
            E-mail notifications
            <span className="block text-muted">{PROFILE_TEXT.mailAlwaysSent}</span>
          </span>
          <button type="button" className="btn btn-secondary btn-sm" disabled>
            Manage
          </button>
        </li>
        <li className="flex items-center justify-between gap-3 py-2">
          <span>
            Two-factor authentication
            <span className="block text-muted">Not available yet</span>
          </span>
          <button type="button" className="btn btn-secondary btn-sm" disabled>
            Enable
          </button>
        </li>
        <li className="flex items-center justify-between gap-3 py-2">
          <span>
            Delete account
            <span className="block text-muted">Write to us and we will delete it.</span>
          </span>
          <a
            className="btn btn-danger btn-sm"
            href={`mailto:${SHOP.email}?subject=${encodeURIComponent('Please delete my account')}`}
          >
            Delete Account
          </a>
        </li>
      </ul>
    </section>
  );
}

function PersonalInfo({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setSaving(true);
    setErrors({});
    setError(null);
    try {
      const answer = await api.put<{ message?: string }>('/users/profile', {
        name: String(data.get('name') ?? ''),
        email: String(data.get('email') ?? ''),
        phone: String(data.get('phone') ?? ''),
      });
      await refreshSession();
      window.dispatchEvent(new Event('yaad:profile-updated'));
      // A new e-mail address waits for its link: the server's words say so.
      toastSuccess(PROFILE_TEXT.updated, answer?.message !== PROFILE_TEXT.updated ? answer?.message : undefined);
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) setErrors(err.errors);
      setError(err instanceof ApiRequestError ? err.message : 'Failed to update profile');
      toastError('Error', 'Failed to update profile');
    } finally {
      setSaving(false);
    }
  }

  const field = (name: 'name' | 'email' | 'phone', label: string, value: string, type = 'text') => (
    <div>
      <label htmlFor={`info-${name}`} className="label">
        {label}
      </label>
      {editing ? (
        <>
          <input
            id={`info-${name}`}
            name={name}
            type={type}
            defaultValue={value}
            className="input"
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `info-${name}-error` : undefined}
          />
          {errors[name] && (
            <p id={`info-${name}-error`} className="field-error">
              {errors[name]}
            </p>
          )}
        </>
      ) : (
        <p id={`info-${name}`}>{value || '—'}</p>
      )}
    </div>
  );

  return (
    <section className="card p-4" aria-labelledby="personal-info">
      <h3 id="personal-info" className="mb-3 font-semibold">
        Personal Information
      </h3>
      <form onSubmit={save} noValidate className="flex flex-col gap-3" key={editing ? 'edit' : 'view'}>
        {editing && <FormError message={error} />}
        {field('name', 'Full Name', user.name)}
        {field('email', 'Email Address', user.email, 'email')}
        {field('phone', 'Phone Number', user.phone ?? '', 'tel')}
        <div className="flex gap-2">
          {editing ? (
            <>
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function PasswordSecurity() {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setErrors({});
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    if (newPassword !== String(data.get('confirmPassword') ?? '')) {
      setErrors({ confirmPassword: PROFILE_TEXT.passwordsDiffer });
      return setError(PROFILE_TEXT.passwordsDiffer);
    }
    if (newPassword.length < 6) {
      setErrors({ newPassword: PROFILE_TEXT.passwordShort });
      return setError(PROFILE_TEXT.passwordShort);
    }
    setSaving(true);
    setError(null);
    try {
      await api.put('/users/change-password', { currentPassword, newPassword });
      toastSuccess(PROFILE_TEXT.passwordChanged);
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) setErrors(err.errors);
      setError(err instanceof ApiRequestError ? err.message : 'Failed to change password');
      toastError('Error', err instanceof ApiRequestError ? err.message : 'Failed to change password');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card p-4" aria-labelledby="password-security">
      <h3 id="password-security" className="mb-3 font-semibold">
        Password &amp; Security
      </h3>
      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-col gap-3">
          <FormError message={error} />
          {(
            [
              ['currentPassword', 'Current Password', 'current-password'],
              ['newPassword', 'New Password', 'new-password'],
              ['confirmPassword', 'Confirm New Password', 'new-password'],
            ] as const
          ).map(([name, label, auto]) => (
            <div key={name}>
              <label htmlFor={`pw-${name}`} className="label">
                {label}
              </label>
              <input
                id={`pw-${name}`}
                name={name}
                type="password"
                autoComplete={auto}
                className="input"
                aria-invalid={Boolean(errors[name])}
                aria-describedby={errors[name] ? `pw-${name}-error` : undefined}
              />
              {errors[name] && (
                <p id={`pw-${name}-error`} className="field-error">
                  {errors[name]}
                </p>
              )}
            </div>
          ))}
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Updating...' : 'Update Password'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
          Change Password
        </button>
      )}
    </section>
  );
}
