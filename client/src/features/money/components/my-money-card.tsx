// A dashboard's way to the payer's money: their payments and receipts, and /donate.
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/states';
import { text } from '../text';

export function MyMoneyCard() {
  return (
    <Card className="mt-6">
      <h2 className="mb-2 text-lg font-bold">{text.dashboard.heading}</h2>
      <p className="mb-3 text-sm text-stone-700">{text.dashboard.body}</p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/account/payments">{text.dashboard.mine}</ButtonLink>
        <ButtonLink to="/donate" variant="secondary">
          {text.dashboard.donate}
        </ButtonLink>
      </div>
    </Card>
  );
}
