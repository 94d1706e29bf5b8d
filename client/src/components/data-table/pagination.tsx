// Page x of y, first/previous/next/last, the row range and total, and rows per page.
import {
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { text } from './text';

export interface PaginationProps {
  /** 1-based page. */
  page: number;
  pageSize: number;
  /** The exact total row count from the server. */
  total: number;
  onPageChange: (page: number) => void;
  /** Shows a rows-per-page select when given. */
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: number[];
}

/** A first, previous, next or last page button: an icon named by its label. */
function PageButton({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      className="px-2"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
}

/** The number of pages for a total (at least 1). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** Pagination controls; with `useTableUrlState`: `<Pagination {...paginationProps(state, total)} />`. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 25, 50, 100],
}: PaginationProps) {
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const current = Math.min(page, pages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <nav
      aria-label={text.pagination}
      className="flex flex-col gap-3 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite">{text.showing(from, to, total)}</p>
      <div className="flex flex-wrap items-center gap-2">
        {onPageSizeChange && (
          <span className="flex basis-full items-center gap-2 sm:basis-auto">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              {text.rowsPerPage}
            </label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              className={`${controlClass} w-auto py-1.5`}
            >
              {pageSizeOptions.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        )}
        <PageButton
          label={text.first}
          icon={ChevronsLeft}
          disabled={current <= 1}
          onClick={() => onPageChange(1)}
        />
        <PageButton
          label={text.previous}
          icon={ChevronLeft}
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        />
        <span className="px-1 font-medium whitespace-nowrap text-stone-900">
          {text.pageOf(current, pages)}
        </span>
        <PageButton
          label={text.next}
          icon={ChevronRight}
          disabled={current >= pages}
          onClick={() => onPageChange(current + 1)}
        />
        <PageButton
          label={text.last}
          icon={ChevronsRight}
          disabled={current >= pages}
          onClick={() => onPageChange(pages)}
        />
      </div>
    </nav>
  );
}

/** Pagination props from the URL state and the server's total. */
export function paginationProps(
  state: {
    page: number;
    pageSize: number;
    pageSizeOptions: number[];
    setPage: (p: number) => void;
    setPageSize: (n: number) => void;
  },
  total: number | undefined,
): PaginationProps {
  return {
    page: state.page,
    pageSize: state.pageSize,
    pageSizeOptions: state.pageSizeOptions,
    total: total ?? 0,
    onPageChange: state.setPage,
    onPageSizeChange: state.setPageSize,
  };
}
