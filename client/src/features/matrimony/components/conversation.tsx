// A conversation between two parties of an accepted interest: oldest first, marked read when
// opened, and a box to write the next message.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextBox } from '@/components/ui/text-box';
import { LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { useConversation, useMarkRead, useSendMessage, type InterestView } from '../api/interests';
import { pagesText as t } from '../pages-text';

export function messageError(value: string): string | null {
  const v = value.trim();
  if (!v) return t.messageRequired;
  if (v.length > 2000) return t.messageTooLong;
  return null;
}

export function Conversation({ interest, userId }: { interest: InterestView; userId: string }) {
  const other = interest.otherUserId;
  const name = interest.other ? `${interest.other.first_name} ${interest.other.surname}` : '';
  const messages = useConversation(userId, other);
  const send = useSendMessage(userId);
  const markRead = useMarkRead(userId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const unread = messages.data?.some((m) => m.receiver_id === userId && !m.is_read);
  useEffect(() => {
    if (unread) markRead.mutate(other);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, other]);
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, not a cleanup.
    void end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.data?.length]);

  return (
    <div className="mt-3 rounded-md border border-stone-200 p-3" data-testid="conversation">
      {messages.isPending && <LoadingState rows={1} height="h-12" />}
      {messages.data && messages.data.length === 0 && (
        <p className="text-sm text-stone-600">{t.noMessages}</p>
      )}
      <ol className="max-h-80 space-y-2 overflow-y-auto">
        {messages.data?.map((m) => {
          const mine = m.sender_id === userId;
          return (
            <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <p
                className={`max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-line ${mine ? 'bg-orange-100 text-orange-950' : 'bg-stone-100'}`}
              >
                <span className="sr-only">{mine ? t.you : name}: </span>
                {m.message}
              </p>
            </li>
          );
        })}
        <li ref={end} aria-hidden />
      </ol>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const problem = messageError(draft);
          setError(problem);
          if (problem) return;
          try {
            await send.mutateAsync({ to: other, interestId: interest.id, message: draft });
            setDraft('');
          } catch (err) {
            toast({ ...errorToast(err), variant: 'destructive' });
          }
        }}
      >
        <TextBox
          label={t.messageLabel(name)}
          error={error ?? undefined}
          className="min-w-0 flex-1"
          value={draft}
          maxLength={2000}
          onValue={setDraft}
        />
        <Button type="submit" disabled={send.isPending}>
          {t.send}
        </Button>
      </form>
    </div>
  );
}
