// The UPI QR code, loaded only when a payment shows it (never with the home page or the rest
// of /donate).
import { QrCode } from '@/components/qr-code';

export function UpiQr({ link, label }: { link: string; label: string }) {
  return (
    <QrCode
      value={link}
      label={label}
      border={2}
      data-testid="upi-qr"
      data-link={link}
      className="mx-auto h-56 w-56 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
    />
  );
}
