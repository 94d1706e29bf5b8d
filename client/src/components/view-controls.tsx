// The language and Easy view switches (issue 35), in the header of every layout and in the
// notification settings: "ಕನ್ನಡ" / "English" (each written in its own language) and
// "Easy view" / "ಸುಲಭ ನೋಟ". Both are remembered on the device and, when signed in, on the account.
import { useAuth } from '@/lib/auth';
import { applyEasyView, useEasyView } from '@/lib/i18n/easy-view';
import { saveOnAccount } from '@/lib/i18n/preferences';
import { switchLanguage, useLanguage } from '@/lib/i18n/words';
import { viewText as t } from './view-controls-text';

const buttonClass =
  'min-h-11 items-center justify-center rounded-md border border-stone-300 px-3 text-sm font-medium whitespace-nowrap text-stone-900 hover:bg-stone-100';

/** The button's classes: inline-flex unless the caller hides it (then theirs decide). */
const classes = (extra: string) =>
  `${buttonClass} ${extra.includes('hidden') ? '' : 'inline-flex'} ${extra}`;

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
      // The platform's own Kannada font for this one word: an English page does not download
      // the web font for its language button.
      style={{ fontFamily: "system-ui, 'Nirmala UI', 'Kannada Sangam MN', Tunga, sans-serif" }}
      className={classes(className)}
      onClick={async () => {
        await switchLanguage(next);
        if (userId) await saveOnAccount(userId, { preferred_language: next }).catch(() => {});
      }}
    >
      {next === 'kn' ? 'ಕನ್ನಡ' : 'English'}
    </button>
  );
}

/** Easy view on or off (a toggle button: its state is read out as pressed or not). `compact`:
 * from xl to 2xl, where the header also carries the main links, it shows "Aa" (its name stays
 * for screen readers and as its tooltip). */
export function EasyViewSwitch({
  className = '',
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const on = useEasyView();
  const userId = useAccountId();
  return (
    <button
      type="button"
      aria-pressed={on}
      title={compact ? t.easyView : undefined}
      className={`${classes(className)} ${on ? 'bg-orange-100' : ''}`}
      onClick={async () => {
        applyEasyView(!on);
        if (userId) await saveOnAccount(userId, { easy_view: !on }).catch(() => {});
      }}
    >
      {compact ? (
        <>
          <span aria-hidden className="hidden xl:inline 2xl:hidden">
            Aa
          </span>
          <span className="xl:sr-only 2xl:not-sr-only">{t.easyView}</span>
        </>
      ) : (
        t.easyView
      )}
    </button>
  );
}
