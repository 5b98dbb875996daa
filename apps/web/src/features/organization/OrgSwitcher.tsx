import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { createOrganizationSchema, type MembershipView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';
import { TextField } from '../../forms/Fields';
import { NO_ERRORS, detailsToFieldErrors, prefixErrors, zodErrorToFieldErrors, type FieldErrors, withoutField } from '../../forms/field-errors';
import { useAccount, useSwitchOrganization, ROLE_LABEL } from '../../session';
import { useCreateOrganization } from './hooks';
import { pathAfterSwitch } from './switch-path';

/**
 * The header's organization switcher: a disclosure button with the current organization and
 * role, opening a panel that lists the caller's organizations and creates new ones. Escape,
 * a click elsewhere or choosing an organization closes it.
 */
export function OrgSwitcher() {
  const me = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const switchOrg = useSwitchOrganization();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    setCreating(false);
    if (returnFocus) toggle.current?.focus();
  }

  function afterSwitch() {
    close(false);
    void navigate(pathAfterSwitch(location.pathname));
  }

  function choose(org: MembershipView) {
    if (org.id === me.tenant.id) return close(true);
    switchOrg.mutate(org.id, { onSuccess: afterSwitch });
  }

  return (
    <div
      className="org-switcher"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="org-switcher__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close(false) : setOpen(true))}
        data-testid="org-switcher"
      >
        <span className="org-switcher__current">
          <span className="org-switcher__name" data-testid="current-org">
            {me.tenant.name}
          </span>
          <span className="org-switcher__role" data-testid="current-role">
            {ROLE_LABEL[me.role]}
          </span>
        </span>
        <span className="org-switcher__caret" aria-hidden="true">
          ▾
        </span>
        <span className="sr-only">: switch organization</span>
      </button>
      {open ? (
        <div id={panelId} className="org-switcher__panel" role="region" aria-label="Organizations">
          <p className="org-switcher__heading">Your organizations</p>
          <ul className="org-switcher__list" data-testid="org-list">
            {me.organizations.map((org) => {
              const current = org.id === me.tenant.id;
              return (
                <li key={org.id}>
                  <button
                    type="button"
                    className={`org-switcher__item${current ? ' org-switcher__item--current' : ''}`}
                    aria-current={current ? 'true' : undefined}
                    disabled={switchOrg.isPending}
                    onClick={() => choose(org)}
                    autoFocus={current}
                  >
                    <span className="org-switcher__item-name">{org.name}</span>
                    <span className="pill pill--muted">{ROLE_LABEL[org.role]}</span>
                    <span className="org-switcher__check" aria-hidden="true">
                      {current ? '✓' : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {switchOrg.isError ? (
            <p className="text-danger small org-switcher__error" role="alert">
              {errorMessage(switchOrg.error)}
            </p>
          ) : null}
          {creating ? (
            <CreateOrganizationForm onCreated={afterSwitch} onCancel={() => setCreating(false)} />
          ) : (
            <button type="button" className="org-switcher__action" onClick={() => setCreating(true)}>
              + Create organization
            </button>
          )}
          <Link className="org-switcher__action" to="/settings/organization" onClick={() => close(false)}>
            Organization settings
          </Link>
        </div>
      ) : null}
    </div>
  );
}

const FIELD = 'newOrganization.name';

function CreateOrganizationForm({ onCreated, onCancel }: { onCreated: () => void; onCancel: () => void }) {
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createOrganizationSchema.safeParse({ name });
    if (!parsed.success)
      return setErrors(
        prefixErrors(zodErrorToFieldErrors(parsed.error, { input: { name }, nouns: { name: 'a name for the organization' } }), 'newOrganization'),
      );
    setErrors(NO_ERRORS);
    create.mutate(parsed.data.name, {
      onSuccess: onCreated,
      onError: (error) => {
        const fieldErrors = isApiError(error) ? prefixErrors(detailsToFieldErrors(error.details), 'newOrganization') : NO_ERRORS;
        setErrors(fieldErrors[FIELD] ? fieldErrors : { [FIELD]: errorMessage(error) });
      },
    });
  }

  return (
    <form className="form org-switcher__form" onSubmit={submit} noValidate aria-label="Create organization">
      <TextField
        path={FIELD}
        label="New organization name"
        autoComplete="organization"
        autoFocus
        errors={errors}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setErrors((shown) => withoutField(shown, FIELD));
        }}
        hint="You will be its owner; the app switches to it."
        required
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary button--small" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
