// A row's Move up and Move down in a staff list kept in order: each disabled at its end of the
// list and while a move saves. The labels name the row ("Move Board up").
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function MoveButtons({
  index,
  count,
  busy,
  onMove,
  upLabel,
  downLabel,
  className,
}: {
  /** The row's place in the list, from 0, and the list's length. */
  index: number;
  count: number;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  upLabel: string;
  downLabel: string;
  className?: string;
}) {
  return (
    <>
      <Button
        variant="ghost"
        className={className}
        aria-label={upLabel}
        disabled={index === 0 || busy}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className={className}
        aria-label={downLabel}
        disabled={index === count - 1 || busy}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}
