import type { ReactNode } from 'react';

interface AdminTableProps {
  columns: readonly string[];
  loading: boolean;
  /** The list could not be loaded: the page's banner says why, and no row claims it is empty. */
  failed: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  /** The rows, one `<tr>` each. */
  children: ReactNode;
}

function MessageRow({ span, text }: { span: number; text: string }) {
  return (
    <tr>
      <td colSpan={span} className="px-4 py-6 text-center text-muted">
        {text}
      </td>
    </tr>
  );
}

/*
 * Below 768 px each row is a card: its cells wrap, the first on a line of its own and the
 * actions at the end, so nothing needs a sideways scroll to be reached.
 */
const cards =
  'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:hidden max-md:[&_tr]:flex max-md:[&_tr]:flex-wrap max-md:[&_tr]:items-center max-md:[&_tr]:gap-x-3 max-md:[&_tr]:gap-y-2 max-md:[&_tr]:p-3 max-md:[&_td]:p-0 max-md:[&_td]:break-words max-md:[&_td:first-child]:w-full max-md:[&_td:last-child]:ml-auto';

/**
 * The table of an admin list: its headings, a loading row, the empty state (not when the list
 * failed to load), then the rows.
 */
export function AdminTable({
  columns,
  loading,
  failed,
  empty,
  loadingText,
  emptyText,
  children,
}: AdminTableProps) {
  return (
    <table className={`w-full text-left text-sm ${cards}`}>
      <thead className="bg-white/5 text-xs text-muted uppercase">
        <tr>
          {columns.map((column) => (
            <th key={column} className="px-4 py-3">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading && <MessageRow span={columns.length} text={loadingText} />}
        {!loading && !failed && empty && <MessageRow span={columns.length} text={emptyText} />}
        {children}
      </tbody>
    </table>
  );
}
