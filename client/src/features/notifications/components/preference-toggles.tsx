// Which kinds of notification reach the user: one switch per kind, saved as it is flipped.
import { useState } from 'react';
import { loaded } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { KINDS, usePreferences, useSavePreference, type Preferences } from '../api/preferences';
import { settingsText as t } from '../settings-text';

export function PreferenceToggles({ userId }: { userId: string }) {
  const prefs = usePreferences(userId);
  const save = useSavePreference(userId);
  // The choices as flipped, until the save settles: a controlled switch shows its new state in
  // the same render as the click (the query cache tells its observers a tick later).
  const [flipped, setFlipped] = useState<Preferences | null>(null);
  const ready = loaded(prefs, { loading: <LoadingState rows={2} height="h-12" /> });
  if (!ready.ok) return ready.fallback;
  return (
    <ul className="divide-y divide-stone-200">
      {KINDS.map((kind) => (
        <li key={kind} className="flex items-center justify-between gap-4 py-3">
          <label htmlFor={`kind-${kind}`} className="min-w-0">
            <span className="block font-semibold">{t.kinds[kind].title}</span>
            <span className="block text-sm text-stone-600">{t.kinds[kind].body}</span>
          </label>
          <input
            id={`kind-${kind}`}
            type="checkbox"
            role="switch"
            className="h-6 w-6 shrink-0 accent-orange-800"
            checked={(flipped ?? ready.data)[kind]}
            onChange={async (e) => {
              const next = { ...(flipped ?? ready.data), [kind]: e.target.checked };
              setFlipped(next);
              await toastOutcome(() => save.mutateAsync(next), t.saved);
              setFlipped((current) => (current === next ? null : current));
            }}
          />
        </li>
      ))}
    </ul>
  );
}
