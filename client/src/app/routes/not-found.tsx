import { Compass } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/states';

export function Component() {
  return (
    <Page>
      <div className="mx-auto max-w-lg py-12 text-center">
        <Compass className="mx-auto h-12 w-12 text-orange-800" aria-hidden />
        <h1 className="mt-4 font-serif text-3xl font-bold">Page not found</h1>
        <p className="mt-2 text-stone-700">
          The page you are looking for does not exist or has moved.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Go to Homepage</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Contact us
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
