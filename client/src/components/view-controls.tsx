// The language and Easy view switches (issue 35), in the header of every layout and in the
// notification settings: "ಕನ್ನಡ" / "English" (each written in its own language) and
// "Easy view" / "ಸುಲಭ ನೋಟ". Both are remembered on the device and, when signed in, on the account.
import { useAuth } from '@/lib/auth';
import { applyEasyView, useEasyView } from '@/lib/i18n/easy-view';
import { saveOnAccount } from '@/lib/i18n/preferences';
import { switchLanguage, useLanguage } from '@/lib/i18n/words';
import { viewText as t } from './view-controls-text';

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-stone-300 px-3 text-sm font-medium whitespace-nowrap text-stone-900 hover:bg-stone-100';

function useAccountId() {
  const auth = useAuth();
  return auth.status === 'signedIn' ? auth.session?.user.id : undefined;
}

/** "ಕನ್ನಡ" on the English screen, "English" on the Kannada one. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const language = useLanguage();
  const userId = useAccountId();
  const next = language === 'kn' ? 'en' : 'kn';
  return (
    <button
      type="button"
      lang={next}
      className={`${buttonClass} ${className}`}
      onClick={async () => {
        await switchLanguage(next);
        if (userId) await saveOnAccount(userId, { preferred_language: next }).catch(() => {});
      }}
    >
      {next === 'kn' ? 'ಕನ್ನಡ' : 'English'}
    </button>
  );
}

/** Easy view on or off (a toggle button: its state is read out as pressed or not). */
export function EasyViewSwitch({ className = '' }: { className?: string }) {
  const on = useEasyView();
  const userId = useAccountId();
  return (
    <button
      type="button"
      aria-pressed={on}
      className={`${buttonClass} ${on ? 'bg-orange-100' : ''} ${className}`}
      onClick={async () => {
        applyEasyView(!on);
        if (userId) await saveOnAccount(userId, { easy_view: !on }).catch(() => {});
      }}
    >
      {t.easyView}
    </button>
  );
}
