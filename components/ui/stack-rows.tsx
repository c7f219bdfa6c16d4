import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type Cell = ReactElement<{ children?: ReactNode; 'data-label'?: string; role?: string }>;

/**
 * A table row's cells named by their column for the phone layout of components/ui/stack-table.module.css
 * (each row a card, each cell its column's name before its value), with the explicit roles that
 * keep the table's meaning for screen readers once the cells are blocks. Only rows written as <tr>
 * with <td>/<th> cells; anything else is returned as it is.
 */
export function labelRow(row: ReactNode, labels: (string | undefined)[]): ReactNode {
  if (!isValidElement(row) || row.type !== 'tr') return row;
  const tr = row as Cell;
  let column = 0;
  const cells = Children.map(tr.props.children, (cell) => {
    if (!isValidElement(cell) || (cell.type !== 'td' && cell.type !== 'th')) return cell;
    const label = labels[column++];
    return cloneElement(cell as Cell, { 'data-label': label, role: cell.type === 'th' ? 'rowheader' : 'cell' });
  });
  return cloneElement(tr, { role: 'row' }, cells);
}
