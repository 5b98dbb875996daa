import type { TargetView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { errorMessage } from '../../components/States';
import { formatDateTime, formatSeconds } from '../../format/time';
import { useCan } from '../../session';
import { useVerifyTarget } from './hooks';

/** Proving the target is yours: a value served over HTTP or published in DNS, then "Verify". */
export function VerificationPanel({ target }: { target: TargetView }) {
  const verify = useVerifyTarget(target.id);
  const canVerify = useCan('targets:write');
  const { verification, unverifiedLimits } = target;
  const failed = isApiError(verify.error) && verify.error.code === 'VERIFICATION_FAILED' ? verify.error : null;

  return (
    <div className="verification" data-testid="verification" data-verified={target.verified}>
      {target.verified ? (
        <div className="alert alert--success" role="status">
          <p className="alert__title">
            Verified{verification.method ? ` over ${verification.method === 'http' ? 'HTTP' : 'DNS'}` : ''}
            {verification.verifiedAt ? ` on ${formatDateTime(verification.verifiedAt)}` : ''}.
          </p>
          <p>
            Runs against this target may use your organization’s full quotas while its host resolves to{' '}
            <span data-testid="verified-addresses">{verification.addresses.length ? verification.addresses.join(', ') : 'the addresses it had then'}</span>. If
            it moves, the next run looks for the {verification.method === 'dns' ? 'value again: verify once more' : 'file at the new addresses'} before going
            above the unverified limits.
          </p>
        </div>
      ) : (
        <div className="alert alert--info">
          <p className="alert__title">Not verified yet</p>
          <p>
            Until it is, runs against it are limited to{' '}
            {unverifiedLimits ? `${unverifiedLimits.maxVus} VUs for ${formatSeconds(unverifiedLimits.maxDurationSeconds)}` : 'small runs'}. Publish this value
            {verification.httpUrl && verification.dnsName
              ? ' in one of the two places'
              : verification.httpUrl
                ? ' over HTTP'
                : verification.dnsName
                  ? ' in DNS'
                  : ''}
            , then press Verify.
          </p>
        </div>
      )}
      <dl className="facts verification__facts">
        <div>
          <dt>Value</dt>
          <dd className="verification__value">
            <code className="copyable" data-testid="verification-value">
              {verification.value}
            </code>{' '}
            <CopyButton value={verification.value} what="the verification value" testId="copy-verification-value" />
          </dd>
        </div>
        <div>
          <dt>{verification.dnsName ? 'Over HTTP, served as plain text at' : 'Served as plain text at'}</dt>
          <dd>{verification.httpUrl ? <code>{verification.httpUrl}</code> : <span className="muted">not available for this scheme</span>}</dd>
        </div>
        {verification.dnsName ? (
          <div>
            <dt>{verification.httpUrl ? 'Or in DNS, a TXT record at' : 'In DNS, a TXT record at'}</dt>
            <dd>
              <code>{verification.dnsName}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      {!verification.dnsName ? (
        <p className="small muted verification__note" data-testid="no-dns-note">
          {verification.httpUrl
            ? 'No DNS record is offered: the host is an IP address, which has no name to publish a TXT record under.'
            : 'This target can only be verified through a DNS name: its host is an IP address and gRPC has no HTTP endpoint for the file. Give the target a host name.'}
        </p>
      ) : null}
      {canVerify && !target.verified ? (
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={verify.isPending}
            onClick={() => verify.mutate(undefined)}
            data-testid="verify-target"
          >
            {verify.isPending ? 'Checking…' : 'Verify'}
          </button>
          {verification.httpUrl && verification.dnsName ? (
            <button type="button" className="button button--ghost button--small" disabled={verify.isPending} onClick={() => verify.mutate('http')}>
              HTTP only
            </button>
          ) : null}
          {verification.httpUrl && verification.dnsName ? (
            <button type="button" className="button button--ghost button--small" disabled={verify.isPending} onClick={() => verify.mutate('dns')}>
              DNS only
            </button>
          ) : null}
        </div>
      ) : null}
      {verify.isError ? (
        <div className="alert alert--error" role="alert" data-testid="verification-error">
          <p className="alert__title">{failed ? 'The value was not found.' : 'Verification could not run.'}</p>
          {failed && failed.details.length ? (
            <ul className="alert__list">
              {failed.details.map((detail) => (
                <li key={detail.path}>
                  <strong>{detail.path === 'http' ? 'HTTP' : detail.path === 'dns' ? 'DNS' : detail.path}:</strong> {detail.message}
                </li>
              ))}
            </ul>
          ) : (
            <p>{errorMessage(verify.error)}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
