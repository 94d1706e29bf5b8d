import { ButtonLink } from '@/components/ui/button';
import { adminText } from '@/features/admin';

export function Component() {
  return (
    <div className="py-12 text-center">
      <h1 className="font-serif text-2xl font-bold">{adminText.notFound}</h1>
      <p className="mt-2 text-stone-700">{adminText.notFoundBody}</p>
      <ButtonLink to="/admin" className="mt-6">
        {adminText.dashboard}
      </ButtonLink>
    </div>
  );
}
