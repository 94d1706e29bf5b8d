// Designed pages for the registration forms and user dashboards a later issue builds.
import { ClipboardList } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card, Page } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';

const PAGES: Record<string, { title: string; body: string }> = {
  'membership-registration': {
    title: 'Membership Registration',
    body: 'The online membership application form is on its way. Until then, the trust office accepts paper applications at Havyaka Bhavan.',
  },
  'student-registration': {
    title: 'Student Registration',
    body: 'Students seeking educational aid will register here: personal details, course, fees and two member references.',
  },
  'matrimony-registration': {
    title: 'Matrimony Registration',
    body: 'The matrimony profile form (personal details, partner preferences, references and a photo) is on its way.',
  },
  'matrimony-browse': {
    title: 'Browse Matrimony Profiles',
    body: 'Approved matrimony registrants will browse approved profiles here and send interests.',
  },
  'student-dashboard': {
    title: 'Student Dashboard',
    body: 'Your application status, progress reports and messages from the education committee will appear here.',
  },
  'student-profile': {
    title: 'Edit Student Profile',
    body: 'You will edit your educational aid application here.',
  },
  'matrimony-dashboard': {
    title: 'Matrimony Dashboard',
    body: 'Your profile views, interests received and sent, and messages will appear here.',
  },
  'matrimony-profile': {
    title: 'My Matrimony Profile',
    body: 'You will view and edit your matrimony profile here.',
  },
  'matrimony-profile-view': {
    title: 'Matrimony Profile',
    body: 'Approved profiles will be shown here.',
  },
  'notification-settings': {
    title: 'Notification Settings',
    body: 'You will choose which news reaches you here: events, albums, Havyaka Sandesha issues.',
  },
};

export function comingSoon(key: string) {
  const page = PAGES[key];
  return function ComingSoon() {
    const auth = useAuth();
    return (
      <Page>
        <div className="mx-auto max-w-2xl">
          <h1 className="font-serif text-3xl font-bold">{page.title}</h1>
          <Card className="mt-6 flex items-start gap-4">
            <ClipboardList className="h-8 w-8 shrink-0 text-orange-800" aria-hidden />
            <div>
              <p className="text-stone-800">{page.body}</p>
              <p className="mt-2 text-sm text-stone-600">
                This page arrives in the next release of the app.
              </p>
            </div>
          </Card>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/">Back to Home</ButtonLink>
            {auth.status !== 'signedIn' && (
              <ButtonLink to="/contact" variant="secondary">
                Contact the trust office
              </ButtonLink>
            )}
          </div>
        </div>
      </Page>
    );
  };
}
