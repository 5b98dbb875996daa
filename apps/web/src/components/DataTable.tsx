import type { ReactNode } from 'react';
import { ActionError } from './States';

interface DataTableProps {
  /** Read by screen readers only, e.g. "API keys of this organization". */
  caption: string;
  /** The column headings, left to right. */
  columns: readonly string[];
  /** Adds a last column, unnamed on screen ("Actions" to screen readers), for each row's buttons. */
  actions?: boolean;
  /** Modifiers beside `table table--dense`, e.g. "table--nowrap". */
  className?: string;
  testId?: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * A dense table of records in a scrollable, keyboard-focusable wrapper, with a caption for
 * screen readers and plain column headings. The settings lists (API keys, members, share
 * links, trigger URLs, webhook deliveries) all want exactly this frame around their rows.
 */
export function DataTable({ caption, columns, actions = false, className, testId, children }: DataTableProps) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className={`table table--dense${className ? ` ${className}` : ''}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The last cell of a `DataTable` row with `actions`: the row's buttons, and below them why the
 * last one failed (one place per row, so the message stands beside what was clicked).
 */
export function ActionsCell({ error, children }: { error?: unknown; children?: ReactNode }) {
  return (
    <td className="cell-actions">
      {children}
      <ActionError error={error} />
    </td>
  );
}
