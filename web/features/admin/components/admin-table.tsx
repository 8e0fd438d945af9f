import type { ReactNode } from 'react';

interface AdminTableProps {
  columns: readonly string[];
  loading: boolean;
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

/** The table of an admin list: its headings, a loading row, the empty state, then the rows. */
export function AdminTable({
  columns,
  loading,
  empty,
  loadingText,
  emptyText,
  children,
}: AdminTableProps) {
  return (
    <table className="w-full text-left text-sm">
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
        {!loading && empty && <MessageRow span={columns.length} text={emptyText} />}
        {children}
      </tbody>
    </table>
  );
}
