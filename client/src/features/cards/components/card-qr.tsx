// A card token's QR code, drawn as SVG by uqr (the lazy chunk /donate uses too).
import { useEffect, useState } from 'react';

export function CardQr({ token, label }: { token: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(token, { ecc: 'M', border: 1 }));
    });
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="card-qr"
      className="aspect-square h-full bg-white [&>svg]:h-full [&>svg]:w-full"
      // uqr's output for our own token: rects and a path, no user markup.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
