// A cell's content, rendered again only when its cell changes (the table makes a new cell when
// its row's data or the columns change): a table re-rendered because a refetch started or the
// selection changed does not render every cell of the page again.
import { flexRender, type Cell, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import type { DataTableFeatures } from './columns';

function Content<T extends RowData>({ cell }: { cell: Cell<DataTableFeatures, T, unknown> }) {
  return flexRender(cell.column.columnDef.cell, cell.getContext());
}

export const CellContent = memo(Content) as typeof Content;
