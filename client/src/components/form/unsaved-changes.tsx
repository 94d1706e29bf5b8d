// Asks before leaving a form with unsaved changes: in-app navigation through the confirmation
// dialog (react-router's useBlocker, so it needs the data router), reloads and tab closes
// through the browser's own prompt.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { text } from './text';

/** While `when` is true, leaving the page asks first. */
export function useUnsavedChangesGuard(when: boolean) {
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirm({
      title: text.leaveTitle,
      description: text.leaveBody,
      confirmLabel: text.leaveConfirm,
      cancelLabel: text.leaveCancel,
      destructive: true,
    }).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker, confirm]);
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
}

/** The guard as an element, for conditional use: `<UnsavedChangesGuard when={isDirty} />`. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  useUnsavedChangesGuard(when);
  return null;
}
