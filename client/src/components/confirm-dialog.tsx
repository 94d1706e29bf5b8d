// Confirmation dialogs as a promise: `if (await confirm({ title: 'Delete member?', destructive:
// true })) …`. The provider is tiny; the dialog itself (Radix) loads the first time one opens.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** What a confirmation asks. */
export interface ConfirmOptions {
  title: string;
  /** The consequence, in a sentence or two (or any content). */
  description?: ReactNode;
  /** The confirm button's label (default 'Confirm'); name the action: 'Delete member'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and focus starts on Cancel. */
  destructive?: boolean;
  /** The confirm button stays disabled until this exact text is typed (e.g. the record's name). */
  requireText?: string;
}

/** Opens a confirmation; resolves true on confirm, false on cancel, Escape or outside click. */
export type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

interface Pending {
  options: ConfirmOptions;
  resolve: (ok: boolean) => void;
}

/** Mount once near the app root; every screen below can call `useConfirm()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A newer question replaces an open one, which counts as cancelled.
        current.current?.resolve(false);
        const next = { options, resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );
  const settle = useCallback((ok: boolean) => {
    const p = current.current;
    current.current = null;
    setPending(null);
    p?.resolve(ok);
  }, []);

  const value = useMemo(() => confirm, [confirm]);
  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialogView options={pending.options} onSettle={settle} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** The `confirm(options) → Promise<boolean>` function; needs a `ConfirmProvider` above. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it');
  return confirm;
}
