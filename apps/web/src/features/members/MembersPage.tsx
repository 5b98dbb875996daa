import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { can, canGrant, type CreatedInvite, type IssuedPasswordReset, type MemberView, type Role } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CreateWithSecretCard } from '../../components/CreateWithSecretCard';
import { ActionsCell, DataTable } from '../../components/DataTable';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { ActionError, EmptyState, LoadedList } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { fieldId } from '../../forms/field-errors';
import { useAccount, ROLE_LABEL, aRole, grantableRoles, roleOptions } from '../../session';
import { useLeaveOrganization } from '../organization';
import { InviteForm } from './InviteForm';
import { InvitesCard } from './InvitesCard';
import { useChangeRole, useIssuePasswordReset, useMembers, useRemoveMember } from './hooks';

export function MembersPage() {
  const me = useAccount();
  const manage = can(me.role, 'members:manage');
  return (
    <div className="stack">
      <MembersCard />
      {manage ? <InviteCard /> : null}
      {manage ? <InvitesCard /> : null}
      <LeaveCard />
    </div>
  );
}

function MembersCard() {
  const members = useMembers();
  const [reset, setReset] = useState<IssuedPasswordReset | null>(null);
  return (
    <Card title="Members">
      {reset ? (
        <OneTimeSecret title="Password reset link" label="Reset link" value={reset.url} onDone={() => setReset(null)} testId="reset-link">
          <p>
            Give this link to <strong>{reset.reset.email}</strong> yourself (there is no e-mail): with it they choose a new password, once, until{' '}
            {formatDateTime(reset.reset.expiresAt)}. Every session of theirs then ends.
          </p>
          <p className="muted small">It is shown only now. Anyone holding it can take over the account until it is used, so pass it on privately.</p>
        </OneTimeSecret>
      ) : null}
      <LoadedList
        query={members}
        loadingLabel="Loading members…"
        errorTitle="Could not load members"
        empty={<EmptyState title="No members">Nobody belongs to this organization.</EmptyState>}
      >
        {(items) => (
          <DataTable
            caption="Members of this organization"
            columns={['Name', 'Email', 'Role', 'Joined']}
            actions
            className="table--nowrap"
            testId="members-table"
          >
            {items.map((member) => (
              <MemberRow key={member.user.id} member={member} lastOwner={member.role === 'OWNER' && ownerCount(items) === 1} onResetIssued={setReset} />
            ))}
          </DataTable>
        )}
      </LoadedList>
    </Card>
  );
}

function ownerCount(members: readonly MemberView[]): number {
  return members.filter((member) => member.role === 'OWNER').length;
}

/** `lastOwner`: the API refuses to demote or remove them (LAST_OWNER), so the controls say so up front. */
function MemberRow({ member, lastOwner, onResetIssued }: { member: MemberView; lastOwner: boolean; onResetIssued: (reset: IssuedPasswordReset) => void }) {
  const me = useAccount();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const issueReset = useIssuePasswordReset();
  const self = member.user.id === me.user?.id;
  // Nobody changes or removes someone above their own role; only owners manage owners.
  const manageable = can(me.role, 'members:manage') && canGrant(me.role, member.role);
  const roles = grantableRoles(me.role);
  const options = roleOptions(roles.includes(member.role) ? roles : [member.role, ...roles]);
  const selectId = fieldId(`members.${member.user.id}.role`);
  // A draft until "Save": arrow keys on a closed select change its value, one PATCH per key press otherwise.
  const [draft, setDraft] = useState<Role>(member.role);
  useEffect(() => setDraft(member.role), [member.role]);
  const error = changeRole.error ?? remove.error ?? issueReset.error;

  return (
    <tr data-testid={`member-${member.user.email}`}>
      <th scope="row">
        {member.user.name}
        {self ? <span className="muted small"> (you)</span> : null}
      </th>
      <td>{member.user.email}</td>
      <td>
        {manageable ? (
          <>
            <label className="sr-only" htmlFor={selectId}>
              Role of {member.user.name}
            </label>
            <select
              id={selectId}
              className="input select select--inline"
              value={draft}
              disabled={changeRole.isPending || lastOwner}
              title={lastOwner ? 'The last owner keeps the Owner role; make someone else an owner first.' : undefined}
              onChange={(event) => setDraft(event.target.value as Role)}
              data-testid="member-role"
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {draft !== member.role ? (
              <span className="role-change">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={changeRole.isPending}
                  onClick={() => changeRole.mutate({ userId: member.user.id, role: draft })}
                >
                  {changeRole.isPending ? 'Saving…' : 'Save'}
                </button>
                <button type="button" className="button button--secondary button--small" onClick={() => setDraft(member.role)}>
                  Cancel
                </button>
              </span>
            ) : null}
          </>
        ) : (
          <span data-testid="member-role">{ROLE_LABEL[member.role]}</span>
        )}
      </td>
      <td>{formatDateTime(member.joinedAt)}</td>
      <ActionsCell error={error}>
        {/* A person's own act, not a key's: the API takes reset links from signed-in people only. */}
        {manageable && !self && me.user ? (
          <ConfirmButton
            label="Reset link"
            ariaLabel={`Password reset link for ${member.user.name}`}
            question={`Make a one-time link with which ${member.user.name} chooses a new password? It works for an hour; an earlier one stops.`}
            confirmLabel="Make link"
            pending={issueReset.isPending}
            onConfirm={() => issueReset.mutate(member.user.id, { onSuccess: onResetIssued })}
            testId="member-reset-link"
          />
        ) : null}
        {manageable && !self ? (
          <ConfirmButton
            label="Remove"
            ariaLabel={`Remove ${member.user.name}`}
            question={`Remove ${member.user.name} from this organization? Their sessions here end at once.`}
            confirmLabel="Remove"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(member.user.id)}
          />
        ) : null}
      </ActionsCell>
    </tr>
  );
}

function InviteCard() {
  return (
    <CreateWithSecretCard<CreatedInvite>
      title="Invite someone"
      form={(onCreated) => <InviteForm onCreated={onCreated} />}
      secret={(created, onDone) => (
        <OneTimeSecret title="Invite link created" label="Invite link" value={created.url} onDone={onDone} doneLabel="Invite someone else" testId="invite-link">
          <p>
            Send this link to the person you invite{created.invite.email ? <> ({created.invite.email})</> : null}. It makes its holder{' '}
            <strong>{aRole(created.invite.role)}</strong> and works once, until {formatDateTime(created.invite.expiresAt)}.
          </p>
          <p className="muted small">It is shown only now; if it gets lost, revoke the invite below and create another.</p>
        </OneTimeSecret>
      )}
    />
  );
}

function LeaveCard() {
  const me = useAccount();
  const members = useMembers();
  const leave = useLeaveOrganization();
  const navigate = useNavigate();
  const lastOwner = me.role === 'OWNER' && members.data !== undefined && ownerCount(members.data) === 1;
  return (
    <Card title="Leave this organization" className="card--danger">
      <div className="danger-row">
        <p className="muted small">
          {lastOwner ? (
            <>You are the last owner of {me.tenant.name}: make someone else an owner before you leave, or delete the organization.</>
          ) : (
            <>You lose access to {me.tenant.name} at once; the app moves to another of your organizations (or a new one of your own).</>
          )}
        </p>
        <ConfirmButton
          label={`Leave ${me.tenant.name}`}
          question={`Leave ${me.tenant.name}? You need a new invite to come back.`}
          confirmLabel="Leave"
          pending={leave.isPending}
          pendingLabel="Leaving…"
          disabled={lastOwner}
          onConfirm={() => leave.mutate(undefined, { onSuccess: () => void navigate('/') })}
          testId="leave-organization"
        />
      </div>
      <ActionError error={leave.error} />
    </Card>
  );
}
