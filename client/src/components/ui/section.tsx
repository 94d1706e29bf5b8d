// A page's titled section: a <section> named by its <h2> (aria-labelledby), with an optional
// action beside the title (a "See all" link). The home page, dashboards and gallery use it.
import { useId, type ComponentProps, type ReactNode } from 'react';

export function TitledSection({
  title,
  action,
  intro,
  id: givenId,
  titleClassName,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  title: ReactNode;
  /** Shown at the end of the title's row. */
  action?: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  /** The heading's id (default: generated); e2e tests and skip links may name it. */
  id?: string;
  /** The heading's classes in full (default: the page's section heading). */
  titleClassName?: string;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const heading = (
    <h2
      id={id}
      className={titleClassName ?? `${action || intro ? '' : 'mb-4 '}font-serif text-2xl font-bold`}
    >
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} {...props}>
      {action ? (
        <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {intro && <p className="mb-3 text-sm text-stone-700">{intro}</p>}
      {children}
    </section>
  );
}
