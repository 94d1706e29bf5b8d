// The UPI QR code: drawn as SVG by uqr, loaded only when a payment shows it (never with the
// home page or the rest of /donate).
import { useEffect, useState } from 'react';

export function UpiQr({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(link, { ecc: 'M', border: 2 }));
    });
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="upi-qr"
      data-link={link}
      className="mx-auto h-56 w-56 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
      // The SVG is uqr's output for our own link: rects and a path, no user markup.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
