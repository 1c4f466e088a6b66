import type { ReactNode } from 'react';

interface DataTableProps {
  columns: readonly string[];
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  isEmpty?: boolean;
  /** The table's rows (<tr> elements). */
  children: ReactNode;
}

/** A scrollable table with column headers, or its empty state. */
export function DataTable({ columns, empty, isEmpty = false, children }: DataTableProps) {
  if (isEmpty && empty !== undefined) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-200 px-6 py-8 text-lg">
        {empty}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
