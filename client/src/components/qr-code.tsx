// A QR code drawn as SVG by uqr, whose chunk loads only when a code is shown (never with the
// home page). The text is ours (a card token, a UPI link): the SVG is rects and a path, no
// user markup.
import { useEffect, useState, type ComponentProps } from 'react';

export function QrCode({
  value,
  label,
  border,
  ...props
}: Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> & {
  value: string;
  /** What the code is, for screen readers. */
  label: string;
  /** The quiet zone around the code, in modules. */
  border: number;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(value, { ecc: 'M', border }));
    });
    return () => {
      live = false;
    };
  }, [value, border]);
  return (
    <div
      role="img"
      aria-label={label}
      {...props}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
