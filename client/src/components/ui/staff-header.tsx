// A staff screen's heading and introduction (and any note under them), with the screen's
// actions at the end of the row when it has some.
import type { ReactNode } from 'react';

export function StaffHeader({
  title,
  intro,
  actions,
  alignEnd = false,
  className = '',
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The buttons or filter beside the heading. */
  actions?: ReactNode;
  /** The actions line up with the introduction's last line rather than the heading. */
  alignEnd?: boolean;
  /** The header's margin (`mb-6`). */
  className?: string;
  /** Notes under the introduction. */
  children?: ReactNode;
}) {
  const words = (
    <>
      <h1 className="font-serif text-2xl font-bold sm:text-3xl">{title}</h1>
      {intro && <p className="mt-1 text-stone-700">{intro}</p>}
      {children}
    </>
  );
  if (!actions) return <header className={className || undefined}>{words}</header>;
  return (
    <header
      className={`${className} flex flex-wrap ${alignEnd ? 'items-end' : 'items-start'} justify-between gap-4`}
    >
      {intro || children ? <div>{words}</div> : words}
      {actions}
    </header>
  );
}
