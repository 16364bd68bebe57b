import { StatusCard } from '../../components/ui/StatusCard';

/**
 * What an operator screen shows someone it refused: signed out (401), a way to log in that comes
 * back to `here`; signed in without the operator role (403), that it is not for their account.
 */
export function OperatorsOnly({ status, here }: { status: number; here: string }) {
  return status === 401 ? (
    <StatusCard title="Log in as an operator" size="page">
      <a className="btn btn-primary" href={`/login?next=${here}`}>
        Log In
      </a>
    </StatusCard>
  ) : (
    <StatusCard
      title="Only the shop’s operators can see this page."
      text="Your account is not an operator account."
      size="page"
    >
      <a className="btn btn-secondary" href="/">
        Back to the shop
      </a>
    </StatusCard>
  );
}
