// The member's card on their dashboard (issue 36 item 7): name, photo, member number, type,
// valid-until and the QR code of the signed token, with the token's text under it for a
// scanner without a camera. Kept on the device (the saved query ['members', 'card', 'own'];
// the service worker keeps the photo), and printed alone at CR80 size (index.css).
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import { useMyCard } from '../api/cards';
import { text } from '../text';

export function MemberCard() {
  const auth = useAuth();
  const member = auth.user?.type === 'member';
  const query = useMyCard(member);
  const mine = query.data;
  if (!mine) return null;
  const { card, token } = mine;
  const t = text.card;
  return (
    <section aria-labelledby="member-card-title" className="mb-8" data-testid="member-card">
      <h2 id="member-card-title" className="font-serif text-2xl font-bold">
        {t.title}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t.intro}</p>
      {typeof navigator !== 'undefined' && !navigator.onLine && (
        <p className="mb-3 text-sm text-stone-700">{t.offlineKept}</p>
      )}
      {!token && (
        <Card>
          <p>{t.lapsed}</p>
        </Card>
      )}
      {token && (
        <>
          <div className="print-card flex aspect-[85.6/54] w-full max-w-md gap-3 overflow-hidden rounded-xl border border-amber-300 bg-gradient-to-br from-amber-50 to-orange-100 p-3 shadow-md">
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
                {t.trust}
              </p>
              <div className="mt-2 flex items-center gap-2">
                {card.photo_url && (
                  <img
                    src={card.photo_url}
                    alt={t.photoAlt(card.full_name)}
                    className="h-14 w-14 rounded-md object-cover"
                  />
                )}
                <p className="font-serif text-lg leading-tight font-bold" data-testid="card-name">
                  {card.full_name}
                </p>
              </div>
              <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-2 text-xs">
                <dt className="font-semibold">{t.memberNo}</dt>
                <dd data-testid="card-number">{card.membership_no}</dd>
                <dt className="font-semibold">{t.type}</dt>
                <dd>{text.types[card.member_type] ?? card.member_type}</dd>
                <dt className="font-semibold">{t.validUntil}</dt>
                <dd>{card.valid_until ? formatDate(card.valid_until) : t.noEnd}</dd>
              </dl>
            </div>
            <QrCode
              value={token}
              label={t.qrLabel(card.membership_no)}
              border={1}
              data-testid="card-qr"
              className="aspect-square h-full bg-white [&>svg]:h-full [&>svg]:w-full"
            />
          </div>
          <p
            className="mt-2 max-w-md font-mono text-[10px] break-all text-stone-500 select-all"
            data-testid="card-token"
          >
            {token}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => window.print()}>
            {t.print}
          </Button>
          <p className="mt-1 text-xs text-stone-600">{t.printHint}</p>
        </>
      )}
    </section>
  );
}
