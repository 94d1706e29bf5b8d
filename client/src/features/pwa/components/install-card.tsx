// The install-app card (offered when the browser captured an install offer and the visit is
// engaged: a second page, a click or a key, or 30 s; see useEngaged) and the installed
// confirmation card.
import { CheckCircle2, Download, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth';
import { readLocal, writeLocal } from '@/lib/storage';
import { installRecord, recordInstall } from '../analytics';
import { useEngaged } from '../engagement';
import {
  clearInstallPrompt,
  installPrompt,
  onInstallChange,
  wasInstalled,
} from '../install-prompt';
import { text } from '../text';
import { PromptActions, PromptCard } from './prompt-card';

const DISMISSED = 'havyaka:install-dismissed';

export function InstallCards() {
  const auth = useAuth();
  const offer = useSyncExternalStore(onInstallChange, installPrompt, () => null);
  const installed = useSyncExternalStore(onInstallChange, wasInstalled, () => false);
  const [dismissed, setDismissed] = useState(() => readLocal(DISMISSED, false));
  const [showInstalled, setShowInstalled] = useState(false);
  const engaged = useEngaged();
  useEffect(() => {
    if (installed) setShowInstalled(true);
  }, [installed]);

  if (showInstalled) {
    return (
      <PromptCard
        role="status"
        border="border-emerald-600"
        data-testid="installed-card"
        icon={<CheckCircle2 className="h-6 w-6 shrink-0 text-emerald-700" aria-hidden />}
      >
        <div className="flex-1">
          <p className="font-semibold">{text.install.installedTitle}</p>
          <p className="text-sm text-stone-700">{text.install.installedBody}</p>
        </div>
        <button
          type="button"
          onClick={() => setShowInstalled(false)}
          className="self-start rounded p-1 hover:bg-stone-100"
        >
          <X className="h-4 w-4" aria-hidden />
          <span className="sr-only">{text.install.close}</span>
        </button>
      </PromptCard>
    );
  }
  if (!offer || dismissed || !engaged) return null;
  const install = async () => {
    await offer.prompt();
    const choice = await offer.userChoice;
    clearInstallPrompt();
    if (choice.outcome === 'accepted') {
      void recordInstall(installRecord('prompt', auth.session?.user.id ?? null));
      setShowInstalled(true);
    } else {
      writeLocal(DISMISSED, true);
      setDismissed(true);
    }
  };
  return (
    <PromptCard
      aria-labelledby="install-title"
      data-testid="install-card"
      icon={<Download className="h-6 w-6 shrink-0 text-orange-800" aria-hidden />}
    >
      <div>
        <p id="install-title" className="font-semibold">
          {text.install.title}
        </p>
        <p className="text-sm text-stone-700">{text.install.body}</p>
        <PromptActions
          accept={text.install.accept}
          onAccept={() => void install()}
          dismiss={text.install.dismiss}
          onDismiss={() => {
            writeLocal(DISMISSED, true);
            setDismissed(true);
          }}
        />
      </div>
    </PromptCard>
  );
}
