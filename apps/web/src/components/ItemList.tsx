import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { ActionError } from './States';

interface ItemListProps {
  /** The list's accessible name, e.g. "Sessions". */
  label: string;
  testId?: string;
  /** `ItemListItem`s. */
  children: ReactNode;
}

/** A list of records, one per line, named for screen readers. */
export function ItemList({ label, testId, children }: ItemListProps) {
  return (
    <ul className="item-list" aria-label={label} data-testid={testId}>
      {children}
    </ul>
  );
}

type ItemListItemProps = Omit<ComponentPropsWithoutRef<'li'>, 'className' | 'title' | 'children'> & {
  /** The record's name. */
  title: ReactNode;
  /** Hover text of the title, e.g. the full user agent behind "Chrome on Linux". */
  titleHint?: string;
  /** The meta line under the title: who, when, until when. */
  sub: ReactNode;
  /** Why the last action on this record failed, shown under the meta line. */
  error?: unknown;
  /** The record's action (usually a revoke `ConfirmButton`), at the end of the line. */
  action?: ReactNode;
};

/**
 * One record of an `ItemList`: title, a meta line and the action's error on the left, the
 * action on the right. Pending invites and sessions are laid out this way; extra attributes
 * (`data-testid`, `data-current`) go on the `<li>`.
 */
export function ItemListItem({ title, titleHint, sub, error, action, ...item }: ItemListItemProps) {
  return (
    <li className="item-list__item" {...item}>
      <div className="item-list__main">
        <span className="item-list__title" title={titleHint}>
          {title}
        </span>
        <span className="item-list__sub">{sub}</span>
        <ActionError error={error} as="span" />
      </div>
      <div className="item-list__meta">{action}</div>
    </li>
  );
}
