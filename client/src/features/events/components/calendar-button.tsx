// Downloads an event as an .ics file (with reminders) for the user's calendar.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { descriptionToHtml, htmlText } from '@/lib/stored-html';
import type { EventRow } from '../api/events';
import { downloadIcs, eventIcs, icsFileName } from '../lib/ics';

type CalendarEvent = Pick<
  EventRow,
  'id' | 'title' | 'description' | 'event_date' | 'event_time' | 'location' | 'venue_details'
>;

export function CalendarButton({ event, children }: { event: CalendarEvent; children: ReactNode }) {
  return (
    <Button
      variant="secondary"
      onClick={() =>
        downloadIcs(
          icsFileName(event.title),
          eventIcs(event, {
            url: `${window.location.origin}/events/${event.id}`,
            description: htmlText(descriptionToHtml(event.description)),
          }),
        )
      }
    >
      {children}
    </Button>
  );
}
