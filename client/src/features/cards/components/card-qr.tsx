// A card token's QR code (the lazy uqr chunk /donate uses too).
import { QrCode } from '@/components/qr-code';

export function CardQr({ token, label }: { token: string; label: string }) {
  return (
    <QrCode
      value={token}
      label={label}
      border={1}
      data-testid="card-qr"
      className="aspect-square h-full bg-white [&>svg]:h-full [&>svg]:w-full"
    />
  );
}
