import { Compass } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/states';
import { appText as t } from '../text';
import { notFoundText } from './text';

export function Component() {
  return (
    <Page>
      <div className="mx-auto max-w-lg py-12 text-center">
        <Compass className="mx-auto h-12 w-12 text-orange-800" aria-hidden />
        <h1 className="mt-4 font-serif text-3xl font-bold">{notFoundText.title}</h1>
        <p className="mt-2 text-stone-700">{notFoundText.body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">{t.goHome}</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            {notFoundText.contactUs}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
